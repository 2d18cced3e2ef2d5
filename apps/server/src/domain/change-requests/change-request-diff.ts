import { FILE_HEADERS_ONLY, formatPatch, structuredPatch } from 'diff';
import type { ChangeRequestRecord } from '../../store/change-requests.js';
import type { Executor } from '../../store/schema.js';
import type { SpaceRecord } from '../../store/spaces.js';
import type { ContentObjects } from '../content/content-objects.js';
import {
  changesBetween,
  loadChangeRequestMergeBase,
  loadChangeRequestRevision,
} from '../content/content-revisions.js';
import type { ContentTree } from '../content/content-tree.js';
import { openRevisionContent } from '../content/read-content.js';
import type { ChangedPage, SemanticChange } from '../content/semantic-changes.js';

/** What happened to a page, named as its semantic change names it. */
export type PageChange = 'created' | 'edited' | 'moved' | 'deleted';

/** How one page of a change request differs from its merge base, as Markdown. */
export interface PageDiff {
  /** The page as it is in the change request; a deleted page as it was. */
  page: ChangedPage;
  change: PageChange;
  /** A unified diff of the page's Markdown, merge base → change request; `''` if it is the same. */
  patch: string;
}

/** Renders a page body (by its document id) as page reads answer it in Markdown. */
export type BodyMarkdown = (objects: ContentObjects, documentId: string) => Promise<string>;

export interface ChangeRequestDiffOptions {
  /** Only this page. */
  pageId?: string | undefined;
  /** Lines of unchanged Markdown shown around each change. */
  context: number;
}

/** A page as one side of a diff: its file name and its Markdown. */
interface PageFile {
  name: string;
  markdown: string;
}

/**
 * The pages a change request changed against its merge base (the pages its semantic changes
 * name), ordered by path, each with a unified diff of its Markdown from the merge base to the
 * change request.
 * @example const diffs = await changeRequestDiff(db, space, changeRequest, markdownOf, { context: 3 });
 */
export async function changeRequestDiff(
  db: Executor,
  space: SpaceRecord,
  changeRequest: ChangeRequestRecord,
  markdownOf: BodyMarkdown,
  { pageId, context }: ChangeRequestDiffOptions,
): Promise<PageDiff[]> {
  const base = await loadChangeRequestMergeBase(db, space, changeRequest);
  const head = await loadChangeRequestRevision(db, space, changeRequest);
  const changed = pageChanges(await changesBetween(db, base, head)).filter(
    ({ page }) => pageId === undefined || page.id === pageId,
  );
  const before = await openRevisionContent(db, base);
  const after = await openRevisionContent(db, head);
  const diffs: PageDiff[] = [];
  for (const { page, change } of changed) {
    const was = await pageFile(before, page.id, markdownOf);
    const now = await pageFile(after, page.id, markdownOf);
    diffs.push({ page, change, patch: unifiedDiff(was, now, context) });
  }
  return diffs.sort((a, b) => (a.page.path < b.page.path ? -1 : a.page.path > b.page.path ? 1 : 0));
}

/**
 * One change for each page the semantic changes name: a page both edited and moved is edited
 * (its patch names both paths), so `moved` is a page whose parent changed and nothing else.
 */
function pageChanges(changes: SemanticChange[]): { page: ChangedPage; change: PageChange }[] {
  const byPage = new Map<string, { page: ChangedPage; change: PageChange }>();
  for (const change of changes) {
    if (change.type === 'page_created') {
      byPage.set(change.page.id, { page: change.page, change: 'created' });
    } else if (change.type === 'page_deleted') {
      byPage.set(change.page.id, { page: change.page, change: 'deleted' });
    } else if (change.type === 'page_edited') {
      byPage.set(change.page.id, { page: change.page, change: 'edited' });
    } else if (change.type === 'page_moved' && !byPage.has(change.page.id)) {
      byPage.set(change.page.id, { page: change.page, change: 'moved' });
    }
  }
  return [...byPage.values()];
}

/** The page in one version of the content, if it is there; a group or link page has no body. */
async function pageFile(
  tree: ContentTree,
  pageId: string,
  markdownOf: BodyMarkdown,
): Promise<PageFile | undefined> {
  const page = await tree.page(pageId);
  if (page === undefined) return undefined;
  const markdown =
    page.type === 'document' && page.documentId !== undefined
      ? await markdownOf(tree.objects, page.documentId)
      : '';
  return { name: `${await tree.pathOf(page)}.md`, markdown };
}

/** A unified diff as git writes one: `/dev/null` names the side a page is missing from. */
function unifiedDiff(was: PageFile | undefined, now: PageFile | undefined, context: number) {
  const patch = structuredPatch(
    was === undefined ? '/dev/null' : `a/${was.name}`,
    now === undefined ? '/dev/null' : `b/${now.name}`,
    was?.markdown ?? '',
    now?.markdown ?? '',
    undefined,
    undefined,
    { context },
  );
  // Markdown that is the same on both sides (a page only moved or renamed) has no hunks.
  return patch.hunks.length === 0 ? '' : formatPatch(patch, FILE_HEADERS_ONLY);
}
