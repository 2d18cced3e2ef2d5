import { type Document, plainText } from '@quire/document';
import { invalid, shorten } from '../../errors.js';
import { findReview } from '../../store/change-request-reviews.js';
import type { CommentAnchor, PageSnapshot } from '../../store/comments.js';
import type { Executor } from '../../store/schema.js';
import type { SpaceRecord } from '../../store/spaces.js';
import { loadRevision } from '../content/content-revisions.js';
import type { ContentTree } from '../content/content-tree.js';
import { openRevisionContent, readBody } from '../content/read-content.js';
import type { PageRecord } from '../content/records.js';

/** How long a node's preview may be, in characters, before it is cut with an ellipsis. */
const previewLength = 140;

/** What a comment asks to be on: a page of the thread's content, and a block of that page. */
export interface TargetInput {
  page?: string | undefined;
  node?: string | undefined;
}

/**
 * Where a new comment sits in the revision it is posted on: the page as it is (kept, so that a
 * later read can tell whether it changed), and the block whose `key` is `node` with its text.
 * A page or a block the revision does not have is a 400.
 */
export async function anchorOf(
  db: Executor,
  space: SpaceRecord,
  revisionId: string,
  target: TargetInput,
): Promise<CommentAnchor | null> {
  if (target.page === undefined) {
    if (target.node !== undefined) throw invalid('body.node needs body.page: the page it is on');
    return null;
  }
  const tree = await openRevisionContent(db, await loadRevision(db, space, revisionId));
  const page = await tree.page(target.page);
  if (page === undefined) throw invalid(`body.page: no page ${shorten(target.page)} here`);
  const snapshot = snapshotOf(page, await tree.pathOf(page));
  if (target.node === undefined) return { page: snapshot };
  const block =
    page.documentId === undefined
      ? undefined
      : findBlock((await readBody(tree.objects, page.documentId)).nodes, target.node);
  if (block === undefined) {
    throw invalid(`body.node: page ${shorten(page.id)} has no block ${shorten(target.node)}`);
  }
  const text = plainText({ object: 'document', data: { schemaVersion: 1 }, nodes: [block] });
  return {
    page: snapshot,
    node: { key: target.node, preview: shorten(text.replace(/\s+/g, ' ').trim(), previewLength) },
  };
}

/**
 * The review a new comment is about: one of the thread's change request's reviews (400 for any
 * other, and on a space's own thread, which has none).
 */
export async function reviewTargetOf(
  db: Executor,
  scope: { changeRequest: { id: string } | null },
  reviewId: string | undefined,
): Promise<string | null> {
  if (reviewId === undefined) return null;
  if (scope.changeRequest === null) {
    throw invalid('body.review: only comments on a change request can be about a review');
  }
  const review = await findReview(db, scope.changeRequest.id, reviewId);
  if (review === undefined) {
    throw invalid(`body.review: this change request has no review ${shorten(reviewId)}`);
  }
  return review.id;
}

/**
 * The pages comments are on, as the thread's revision has them now (with their paths); pages
 * it no longer has are left out.
 */
export async function currentPages(
  db: Executor,
  space: SpaceRecord,
  revisionId: string,
  pageIds: readonly string[],
): Promise<Map<string, PageSnapshot>> {
  const pages = new Map<string, PageSnapshot>();
  if (pageIds.length === 0) return pages;
  const tree: ContentTree = await openRevisionContent(
    db,
    await loadRevision(db, space, revisionId),
  );
  for (const id of new Set(pageIds)) {
    const page = await tree.page(id);
    if (page !== undefined) pages.set(id, snapshotOf(page, await tree.pathOf(page)));
  }
  return pages;
}

function snapshotOf(page: PageRecord, path: string): PageSnapshot {
  return {
    id: page.id,
    title: page.title,
    ...(page.emoji === undefined ? {} : { emoji: page.emoji }),
    ...(page.icon === undefined ? {} : { icon: page.icon }),
    createdAt: page.createdAt,
    updatedAt: page.updatedAt,
    path,
  };
}

type Block = Document['nodes'][number];

/** The block with this key, however deep (list items, quotes and hints hold blocks). */
function findBlock(nodes: readonly unknown[], key: string): Block | undefined {
  for (const node of nodes) {
    if (!isBlock(node)) continue;
    if (node.key === key) return node;
    const inner = 'nodes' in node ? findBlock(node.nodes ?? [], key) : undefined;
    if (inner !== undefined) return inner;
  }
  return undefined;
}

function isBlock(node: unknown): node is Block {
  return typeof node === 'object' && node !== null && 'object' in node && node.object === 'block';
}
