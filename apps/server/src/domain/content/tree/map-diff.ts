import { canonicalJson } from '../canonical-json.js';
import type { ContentObjects } from '../content-objects.js';
import { isMapNode } from './nodes.js';

/** How one key differs between two maps: its value before and after (absent: `undefined`). */
export interface KeyChange {
  before: unknown;
  after: unknown;
}

/**
 * The keys whose values differ between two maps. Nodes both maps share (same hash) are never
 * read: after an edit of a few keys in a map of thousands, this reads the few leaves that
 * changed and the branches above them.
 * @example for (const [pageId, { before, after }] of await mapDiff(objects, base, head)) …
 */
export async function mapDiff(
  objects: ContentObjects,
  before: string | null,
  after: string | null,
): Promise<Map<string, KeyChange>> {
  const changes = new Map<string, KeyChange>();
  if (before === after) return changes;
  let left = new Set(before === null ? [] : [before]);
  let right = new Set(after === null ? [] : [after]);
  // Level by level: drop the nodes both sides share, open the branches that remain. Leaves wait
  // for the other side to reach them, so a side one level deeper (after a root split) still
  // meets its shared leaves.
  for (;;) {
    for (const hash of left) {
      if (right.delete(hash)) left.delete(hash);
    }
    const [leftOpened, rightOpened] = [
      await openBranches(objects, left),
      await openBranches(objects, right),
    ];
    if (!leftOpened.opened && !rightOpened.opened) break;
    left = leftOpened.hashes;
    right = rightOpened.hashes;
  }
  const leftEntries = await leafEntries(objects, left);
  const rightEntries = await leafEntries(objects, right);
  for (const [key, value] of leftEntries) {
    const next = rightEntries.get(key);
    if (!rightEntries.has(key)) changes.set(key, { before: value, after: undefined });
    else if (canonicalJson(next) !== canonicalJson(value)) {
      changes.set(key, { before: value, after: next });
    }
  }
  for (const [key, value] of rightEntries) {
    if (!leftEntries.has(key)) changes.set(key, { before: undefined, after: value });
  }
  return changes;
}

/** Replaces every branch in `hashes` by its children; leaves stay. */
async function openBranches(
  objects: ContentObjects,
  hashes: Set<string>,
): Promise<{ hashes: Set<string>; opened: boolean }> {
  const list = [...hashes];
  const next = new Set<string>();
  let opened = false;
  for (const [index, node] of (await objects.getMany(list)).entries()) {
    if (!isMapNode(node)) throw new Error(`Content object ${list[index]} is not a map node`);
    if (node.kind === 'map-leaf') next.add(list[index] ?? '');
    else {
      opened = true;
      for (const [, child] of node.children) next.add(child);
    }
  }
  return { hashes: next, opened };
}

/** The entries of the leaves in `hashes`, by key. */
async function leafEntries(
  objects: ContentObjects,
  hashes: Set<string>,
): Promise<Map<string, unknown>> {
  const entries = new Map<string, unknown>();
  for (const node of await objects.getMany([...hashes])) {
    if (isMapNode(node) && node.kind === 'map-leaf') {
      for (const [key, value] of node.entries) entries.set(key, value);
    }
  }
  return entries;
}
