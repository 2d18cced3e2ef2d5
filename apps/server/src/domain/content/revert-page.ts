import type { Block, Document } from '@quire/document';
import { invalid } from '../../errors.js';
import type { ContentChangeOutcome } from './change-inputs.js';
import type { ContentTree } from './content-tree.js';
import { type BatchRefs, deletePage } from './page-edits.js';
import { readBody } from './read-content.js';
import { type DocumentObject, type PageRecord, pageContentFields } from './records.js';

/** A `revert_page` change, the content it reverts to already opened. */
export interface PageRevert {
  /** The page, by id or by a ref of the batch. */
  page: string;
  /** Keys of the top-level blocks to revert; none: the whole page. */
  block?: readonly string[] | undefined;
  /** The content of the revision the page goes back to. */
  target: ContentTree;
}

/**
 * Applies a `revert_page` change. Without `block`, the whole page goes back to its state in the
 * target: a page the target lacks is deleted (with the pages under it), a page the content
 * lacks is restored where the target had it (with the pages under it the content lacks too),
 * and a page both have gets the target's fields, body and place back. With `block`, only those
 * blocks of its body: removed if the target lacks them, restored after their nearest neighbour
 * otherwise; the rest of the page is left as it is.
 */
export async function revertPage(
  tree: ContentTree,
  refs: BatchRefs,
  { page: idOrRef, block, target }: PageRevert,
  where: string,
  now: string,
): Promise<ContentChangeOutcome> {
  const id = refs.get(idOrRef) ?? idOrRef;
  const [current, previous] = [await tree.page(id), await target.page(id)];
  if (current === undefined && previous === undefined) {
    throw invalid(`${where}.page: there is no page ${idOrRef} here or in the revision`);
  }
  if (block !== undefined) {
    if (current === undefined || previous === undefined) {
      throw invalid(`${where}.block: blocks are reverted in a page both versions have`);
    }
    await revertBlocks(tree, target, current, previous, block, `${where}.block`, now);
    return { object: 'updated_page', pageId: id };
  }
  if (previous === undefined) {
    await deletePage(tree, refs, id, where);
    return { object: 'deleted_page', pageId: id };
  }
  if (current === undefined) {
    await restorePage(tree, target, previous, where);
    return { object: 'created_page', pageId: id };
  }
  await resetPage(tree, target, current, previous, where, now);
  return { object: 'updated_page', pageId: id };
}

/** Where a page stood in the target: its parent, if the content has it too, and its index. */
async function placeIn(target: ContentTree, tree: ContentTree, page: PageRecord, where: string) {
  if (page.parent !== null && (await tree.page(page.parent)) === undefined) {
    throw invalid(`${where}.page: its parent ${page.parent} is gone too; revert the parent first`);
  }
  return (await target.childIds(page.parent)).indexOf(page.id);
}

async function claimSlug(tree: ContentTree, page: PageRecord, where: string): Promise<void> {
  const owner = await tree.pageWithSlug(page.parent, page.slug);
  if (owner !== undefined && owner !== page.id) {
    throw invalid(`${where}.page: another page now has its slug ${page.slug} there`);
  }
  await tree.setSlugOwner(page.parent, page.slug, page.id);
}

/** Puts a page the content lacks back where the target had it, and its pages the content lacks. */
async function restorePage(
  tree: ContentTree,
  target: ContentTree,
  page: PageRecord,
  where: string,
): Promise<void> {
  const index = await placeIn(target, tree, page, where);
  await claimSlug(tree, page, where);
  await tree.putPage({ ...page, children: null });
  await tree.placePage(page.parent, page.id, index < 0 ? undefined : index);
  for (const childId of await target.childIds(page.id)) {
    const child = await target.page(childId);
    if (child !== undefined && (await tree.page(childId)) === undefined) {
      await restorePage(tree, target, child, where);
    }
  }
}

/** Gives a page both versions have the target's fields, body and place. */
async function resetPage(
  tree: ContentTree,
  target: ContentTree,
  current: PageRecord,
  previous: PageRecord,
  where: string,
  now: string,
): Promise<void> {
  const moved = current.parent !== previous.parent;
  if (moved || current.slug !== previous.slug) {
    await tree.setSlugOwner(current.parent, current.slug, undefined);
    await claimSlug(tree, previous, where);
  }
  if (moved) {
    const index = await placeIn(target, tree, previous, where);
    await tree.unplacePage(current.parent, current.id);
    await tree.placePage(previous.parent, current.id, index < 0 ? undefined : index);
  }
  const reverted: PageRecord = { ...current, parent: previous.parent };
  for (const field of [...pageContentFields, 'documentId', 'target'] as const) {
    if (previous[field] === undefined) delete reverted[field];
    else Object.assign(reverted, { [field]: previous[field] });
  }
  const changed =
    JSON.stringify({ ...reverted, updatedAt: '' }) !==
    JSON.stringify({ ...current, updatedAt: '' });
  if (changed) await tree.putPage({ ...reverted, updatedAt: now });
}

/** Reverts some top-level blocks of a page's body, by key, to the target's body. */
async function revertBlocks(
  tree: ContentTree,
  target: ContentTree,
  current: PageRecord,
  previous: PageRecord,
  keys: readonly string[],
  where: string,
  now: string,
): Promise<void> {
  const bodyOf = async (contents: ContentTree, page: PageRecord) =>
    page.documentId === undefined ? undefined : readBody(contents.objects, page.documentId);
  const [body, old] = [await bodyOf(tree, current), await bodyOf(target, previous)];
  if (body === undefined || old === undefined) {
    throw invalid(`${where}: only the blocks of a page with a body can be reverted`);
  }
  let blocks: Block[] = [...body.nodes];
  for (const [index, key] of keys.entries()) {
    const position = blocks.findIndex((block) => block.key === key);
    const before = old.nodes.findIndex((block) => block.key === key);
    if (position < 0 && before < 0) {
      throw invalid(`${where}[${index}]: no block has the key ${key} in either version`);
    }
    if (position >= 0) blocks.splice(position, 1);
    const restored = old.nodes[before];
    if (restored !== undefined) blocks = placeAfterNeighbour(blocks, old.nodes, before, restored);
  }
  const reverted: Document = { ...body, nodes: blocks };
  const documentId = tree.objects.put({
    kind: 'document',
    document: reverted,
  } satisfies DocumentObject);
  if (documentId !== current.documentId) {
    await tree.putPage({ ...current, documentId, updatedAt: now });
  }
}

/** `blocks` with `block` after the nearest block before it in `old` that `blocks` still has. */
function placeAfterNeighbour(
  blocks: Block[],
  old: readonly Block[],
  index: number,
  block: Block,
): Block[] {
  for (let previous = index - 1; previous >= 0; previous -= 1) {
    const key = old[previous]?.key;
    const at = key === undefined ? -1 : blocks.findIndex((candidate) => candidate.key === key);
    if (at >= 0) return [...blocks.slice(0, at + 1), block, ...blocks.slice(at + 1)];
  }
  return [block, ...blocks];
}
