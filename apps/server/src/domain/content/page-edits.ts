import { type Document, plainText, slugify } from '@quire/document';
import { invalid } from '../../errors.js';
import { newId } from '../../ids.js';
import type { InsertPageInput, UpdatePageInput } from './change-inputs.js';
import type { ContentTree } from './content-tree.js';
import { documentObject } from './document-objects.js';
import { checkMetaLinks, pageLookup } from './meta-links.js';
import type { LinkTarget, PageRecord } from './records.js';

/** Pages a batch inserted, by the `ref` it gave them. */
export type BatchRefs = Map<string, string>;

type PageFields = Pick<
  PageRecord,
  'title' | 'emoji' | 'icon' | 'description' | 'hidden' | 'noIndex' | 'noRobotsIndex'
>;

function fieldsOf(input: InsertPageInput | UpdatePageInput): Partial<PageFields> {
  const fields: Partial<PageFields> = {};
  if (input.title !== undefined) fields.title = input.title;
  if (input.emoji !== undefined) fields.emoji = input.emoji;
  if (input.icon !== undefined) fields.icon = input.icon;
  if (input.description !== undefined) fields.description = input.description;
  if (input.hidden !== undefined) fields.hidden = input.hidden;
  if (input.noIndex !== undefined) fields.noIndex = input.noIndex;
  if (input.noRobotsIndex !== undefined) fields.noRobotsIndex = input.noRobotsIndex;
  return fields;
}

/** Resolves a page named by id or by a `ref` of the batch; unknown → 400 naming the field. */
export async function existingPage(
  tree: ContentTree,
  refs: BatchRefs,
  idOrRef: string,
  where: string,
): Promise<PageRecord> {
  const page = await tree.page(refs.get(idOrRef) ?? idOrRef);
  if (page === undefined) throw invalid(`${where}: there is no page ${idOrRef} in the content`);
  return page;
}

/** A slug free among the children of `parent`: the wanted one, or it with -2, -3… */
async function freeSlug(
  tree: ContentTree,
  parent: string | null,
  wanted: string,
  ownId: string,
): Promise<string> {
  const base = wanted === '' ? 'page' : wanted;
  for (let suffix = 1; ; suffix += 1) {
    const slug = suffix === 1 ? base : `${base}-${suffix}`;
    const owner = await tree.pageWithSlug(parent, slug);
    if (owner === undefined || owner === ownId) return slug;
  }
}

function firstHeading(document: Document | undefined): string | undefined {
  const heading = document?.nodes.find((block) => block.type === 'heading-1');
  if (heading === undefined) return undefined;
  const text = plainText({ object: 'document', data: { schemaVersion: 1 }, nodes: [heading] });
  return text.trim().slice(0, 255) || undefined;
}

function checkParent(
  parent: PageRecord | undefined,
  type: PageRecord['type'],
  where: string,
): void {
  if (parent === undefined) return;
  if (type === 'group') throw invalid(`${where}.into: groups are only at the top level`);
  if (parent.type === 'link') throw invalid(`${where}.into: a link page has no child pages`);
}

async function checkTarget(
  tree: ContentTree,
  refs: BatchRefs,
  target: LinkTarget | undefined,
  where: string,
): Promise<LinkTarget | undefined> {
  if (target === undefined || target.kind === 'url') return target;
  const page = await existingPage(tree, refs, target.page, `${where}.target.page`);
  return { kind: 'page', page: page.id };
}

function storeBody(tree: ContentTree, body: Document): string {
  return tree.objects.put(documentObject(body));
}

/** Applies an `insert_page` change; answers the new page's id. */
export async function insertPage(
  tree: ContentTree,
  refs: BatchRefs,
  input: InsertPageInput,
  body: Document | undefined,
  where: string,
  now: string,
): Promise<string> {
  const type = input.type ?? 'document';
  if (input.ref !== undefined && refs.has(input.ref)) {
    throw invalid(`${where}.ref: the batch already has a page with ref ${input.ref}`);
  }
  const parent =
    input.into === undefined
      ? undefined
      : await existingPage(tree, refs, input.into, `${where}.into`);
  checkParent(parent, type, where);
  if (type === 'link' && input.target === undefined) {
    throw invalid(`${where}.target is required for a link page`);
  }
  if (type !== 'document' && body !== undefined && body.nodes.length > 0) {
    throw invalid(`${where}.document: a ${type} page has no body`);
  }
  const id = newId();
  const parentId = parent?.id ?? null;
  const title = input.title ?? firstHeading(body) ?? 'Untitled';
  const slug = await freeSlug(tree, parentId, input.slug || slugify(title), id);
  const target = await checkTarget(tree, refs, input.target, where);
  const metaLinks =
    input.metaLinks === undefined
      ? undefined
      : await checkMetaLinks(input.metaLinks, type, pageLookup(tree, refs), `${where}.metaLinks`);
  const variables = pageVariables(input.variables, type, where);
  const page: PageRecord = {
    id,
    type,
    title,
    slug,
    parent: parentId,
    ...fieldsOf(input),
    ...(type === 'document' ? { documentId: storeBody(tree, body ?? emptyDocument) } : {}),
    ...(type === 'link' && target !== undefined ? { target } : {}),
    ...(metaLinks === undefined ? {} : { metaLinks }),
    ...(variables === undefined ? {} : { variables }),
    children: null,
    createdAt: now,
    updatedAt: now,
  };
  await tree.putPage(page);
  await tree.setSlugOwner(parentId, slug, id);
  await tree.placePage(parentId, id, input.at);
  if (input.ref !== undefined) refs.set(input.ref, id);
  return id;
}

/**
 * A page's own variables as its record keeps them: in name order (the same variables, the same
 * record), and none rather than an empty map. Only document pages have a body to show them in.
 */
function pageVariables(
  variables: Readonly<Record<string, string>> | undefined,
  type: PageRecord['type'],
  where: string,
): Record<string, string> | undefined {
  if (variables === undefined) return undefined;
  const names = Object.keys(variables).sort();
  if (names.length === 0) return undefined;
  if (type !== 'document') throw invalid(`${where}.variables: only document pages have variables`);
  return Object.fromEntries(names.map((name) => [name, variables[name] ?? '']));
}

const emptyDocument: Document = { object: 'document', data: { schemaVersion: 1 }, nodes: [] };

async function isWithin(tree: ContentTree, pageId: string, ancestorId: string): Promise<boolean> {
  let current: string | null = pageId;
  while (current !== null) {
    if (current === ancestorId) return true;
    current = (await tree.page(current))?.parent ?? null;
  }
  return false;
}

/** Applies an `update_page` change: fields, body, slug, and a move with `into`/`at`. */
export async function updatePage(
  tree: ContentTree,
  refs: BatchRefs,
  input: UpdatePageInput,
  body: Document | undefined,
  where: string,
  now: string,
): Promise<string> {
  const page = await existingPage(tree, refs, input.page, `${where}.page`);
  if (page.type !== 'document' && body !== undefined && body.nodes.length > 0) {
    throw invalid(`${where}.document: a ${page.type} page has no body`);
  }
  if (input.target !== undefined && page.type !== 'link') {
    throw invalid(`${where}.target: only link pages have a target`);
  }
  const moving = input.into !== undefined || input.at !== undefined;
  let parentId = page.parent;
  if (input.into !== undefined) {
    const parent =
      input.into === null ? undefined : await existingPage(tree, refs, input.into, `${where}.into`);
    if (parent !== undefined && (await isWithin(tree, parent.id, page.id))) {
      throw invalid(`${where}.into: a page can't move under itself or one of its own pages`);
    }
    checkParent(parent, page.type, where);
    parentId = parent?.id ?? null;
  }
  const target = await checkTarget(tree, refs, input.target, where);
  // `null` clears the meta links; absent leaves them as they are.
  const metaLinks =
    input.metaLinks === undefined
      ? page.metaLinks
      : input.metaLinks === null
        ? undefined
        : await checkMetaLinks(
            input.metaLinks,
            page.type,
            pageLookup(tree, refs),
            `${where}.metaLinks`,
          );
  // Absent leaves the variables as they are; `{}` leaves the page none.
  const variables =
    input.variables === undefined
      ? page.variables
      : pageVariables(input.variables, page.type, where);
  const wantedSlug =
    input.slug === undefined ? page.slug : input.slug || slugify(input.title ?? page.title);
  const slug =
    wantedSlug === page.slug && parentId === page.parent
      ? page.slug
      : await freeSlug(tree, parentId, wantedSlug, page.id);

  if (moving) {
    const from = await tree.unplacePage(page.parent, page.id);
    // Without `into`, `at` moves the page among its siblings; with it, at the end by default.
    await tree.placePage(
      parentId,
      page.id,
      input.at ?? (input.into === undefined ? from : undefined),
    );
  }
  if (slug !== page.slug || parentId !== page.parent) {
    await tree.setSlugOwner(page.parent, page.slug, undefined);
    await tree.setSlugOwner(parentId, slug, page.id);
  }
  const updated: PageRecord = {
    ...page,
    ...fieldsOf(input),
    slug,
    parent: parentId,
    ...(body !== undefined && page.type === 'document'
      ? { documentId: storeBody(tree, body) }
      : {}),
    ...(target !== undefined ? { target } : {}),
  };
  if (metaLinks === undefined) delete updated.metaLinks;
  else updated.metaLinks = metaLinks;
  if (variables === undefined) delete updated.variables;
  else updated.variables = variables;
  // A move or an identical write leaves `updatedAt` alone only when nothing else changed.
  const changed =
    JSON.stringify({ ...updated, updatedAt: '' }) !== JSON.stringify({ ...page, updatedAt: '' });
  await tree.putPage(changed ? { ...updated, updatedAt: now } : page);
  return page.id;
}

/** Applies a `delete_page` change: the page and every page under it. */
export async function deletePage(
  tree: ContentTree,
  refs: BatchRefs,
  pageIdOrRef: string,
  where: string,
): Promise<string> {
  const page = await existingPage(tree, refs, pageIdOrRef, `${where}.page`);
  await tree.unplacePage(page.parent, page.id);
  const pending = [page];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    for (const childId of await tree.childIds(next.id)) {
      const child = await tree.page(childId);
      if (child !== undefined) pending.push(child);
    }
    await tree.removePage(next);
  }
  return page.id;
}
