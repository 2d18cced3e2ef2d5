import type { ContentObjects } from '../content-objects.js';
import { isMapNode, type MapBranch, type MapLeaf } from './nodes.js';

// A B+ tree keyed by string whose nodes are content objects: changing one key rewrites the
// leaf that holds it and the inner nodes above, O(log n) small objects, and two versions of a
// map share every node the change did not touch (a diff skips them by hash).
const leafCapacity = 64;
const branchCapacity = 64;

type Replacement = [firstKey: string, hash: string][];

async function mapNode(objects: ContentObjects, hash: string): Promise<MapLeaf | MapBranch> {
  const node = await objects.get(hash);
  if (!isMapNode(node)) throw new Error(`Content object ${hash} is not a map node`);
  return node;
}

/** Where `key` is or would go among sorted keys: the index of the first key ≥ it. */
function lowerBound(keys: readonly string[], key: string): number {
  let low = 0;
  let high = keys.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((keys[middle] ?? '') < key) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The child of a branch that holds `key`: the last whose first key is ≤ it. */
function childIndex(branch: MapBranch, key: string): number {
  const firstKeys = branch.children.map(([firstKey]) => firstKey);
  const index = lowerBound(firstKeys, key);
  if (firstKeys[index] === key) return index;
  return Math.max(0, index - 1);
}

/**
 * The value under a key, or `undefined`.
 * @example await mapGet(objects, root, pageId);
 */
export async function mapGet(
  objects: ContentObjects,
  root: string | null,
  key: string,
): Promise<unknown> {
  if (root === null) return undefined;
  let node = await mapNode(objects, root);
  while (node.kind === 'map-branch') {
    const child = node.children[childIndex(node, key)];
    if (child === undefined) return undefined;
    node = await mapNode(objects, child[1]);
  }
  const keys = node.entries.map(([entryKey]) => entryKey);
  const index = lowerBound(keys, key);
  return keys[index] === key ? node.entries[index]?.[1] : undefined;
}

function splitInto<T>(items: T[], capacity: number): T[][] {
  if (items.length <= capacity) return [items];
  const parts = Math.ceil(items.length / capacity);
  const size = Math.ceil(items.length / parts);
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) {
    chunks.push(items.slice(start, start + size));
  }
  return chunks;
}

/**
 * A map with `key` set to `value` (or removed, for `undefined`), as the hash of its new root;
 * `null` is the empty map. The old map is unchanged.
 * @example root = await mapSet(objects, root, page.id, page);
 */
export async function mapSet(
  objects: ContentObjects,
  root: string | null,
  key: string,
  value: unknown,
): Promise<string | null> {
  return mapSetMany(objects, root, [[key, value]]);
}

/** A change of {@link mapSetMany}: a key and its new value (`undefined`: removed). */
export type MapChange = readonly [key: string, value: unknown];

/**
 * A map with many keys set (or removed, for `undefined`) at once, as the hash of its new root:
 * each leaf they fall in and each node above is rewritten once, however many of them it holds,
 * where {@link mapSet} one by one would rewrite it for each. `changes` are sorted by key, each
 * key once. The map reads as if they had been set one by one.
 * @example root = await mapSetMany(objects, root, [['a', 1], ['b', undefined]]);
 */
export async function mapSetMany(
  objects: ContentObjects,
  root: string | null,
  changes: readonly MapChange[],
): Promise<string | null> {
  const [first] = changes;
  if (first === undefined) return root;
  const level =
    root === null
      ? putLeaves(objects, changedEntries([], changes), first[0])
      : await updateMany(objects, root, changes);
  return rootOf(objects, level, first[0]);
}

// The entries of a leaf with `changes` applied: both sorted by key, the result too.
function changedEntries(
  entries: readonly [string, unknown][],
  changes: readonly MapChange[],
): [string, unknown][] {
  const result: [string, unknown][] = [];
  let next = 0;
  for (const [key, value] of changes) {
    while (next < entries.length && (entries[next]?.[0] ?? '') < key) {
      const entry = entries[next];
      if (entry !== undefined) result.push(entry);
      next += 1;
    }
    if (entries[next]?.[0] === key) next += 1;
    if (value !== undefined) result.push([key, value]);
  }
  for (; next < entries.length; next += 1) {
    const entry = entries[next];
    if (entry !== undefined) result.push(entry);
  }
  return result;
}

function putLeaves(
  objects: ContentObjects,
  entries: [string, unknown][],
  key: string,
): Replacement {
  return splitInto(entries, leafCapacity)
    .filter((chunk) => chunk.length > 0)
    .map((chunk): [string, string] => [
      chunk[0]?.[0] ?? key,
      objects.put({ kind: 'map-leaf', entries: chunk } satisfies MapLeaf),
    ]);
}

function putBranches(objects: ContentObjects, children: Replacement, key: string): Replacement {
  return splitInto(children, branchCapacity)
    .filter((chunk) => chunk.length > 0)
    .map((chunk): [string, string] => [
      chunk[0]?.[0] ?? key,
      objects.put({ kind: 'map-branch', children: chunk } satisfies MapBranch),
    ]);
}

async function updateMany(
  objects: ContentObjects,
  hash: string,
  changes: readonly MapChange[],
): Promise<Replacement> {
  const node = await mapNode(objects, hash);
  const key = changes[0]?.[0] ?? '';
  if (node.kind === 'map-leaf') {
    const entries = changedEntries(node.entries, changes);
    // Only removals of keys it lacks: the leaf stays as it is.
    if (
      entries.length === node.entries.length &&
      changes.every(([, value]) => value === undefined)
    ) {
      return [[node.entries[0]?.[0] ?? key, hash]];
    }
    return putLeaves(objects, entries, key);
  }
  // The changes each child holds, as `update` would send them one by one; sorted keys fall in
  // children in order.
  const groups: { index: number; changes: MapChange[] }[] = [];
  for (const change of changes) {
    const index = childIndex(node, change[0]);
    const last = groups.at(-1);
    if (last?.index === index) last.changes.push(change);
    else groups.push({ index, changes: [change] });
  }
  const children = [...node.children];
  // From the last, so the indexes of the earlier groups still hold.
  for (const group of groups.reverse()) {
    const child = children[group.index];
    if (child === undefined) throw new Error(`Map node ${hash} has no children`);
    children.splice(group.index, 1, ...(await updateMany(objects, child[1], group.changes)));
  }
  return putBranches(objects, children, key);
}

/** The root over a level of nodes: more levels above while it is wide, one node's hash at last. */
async function rootOf(
  objects: ContentObjects,
  replacement: Replacement,
  key: string,
): Promise<string | null> {
  let level = replacement;
  while (level.length > branchCapacity) level = putBranches(objects, level, key);
  if (level.length === 0) return null;
  if (level.length > 1) {
    return objects.put({ kind: 'map-branch', children: level } satisfies MapBranch);
  }
  // A root with a single child is that child: deletes can empty all but one branch.
  let hash = level[0]?.[1] ?? null;
  while (hash !== null) {
    const node = await mapNode(objects, hash);
    if (node.kind !== 'map-branch' || node.children.length !== 1) break;
    hash = node.children[0]?.[1] ?? null;
  }
  return hash;
}

/**
 * Every entry of a map in key order, reading each level of the tree in one batch.
 * @example for (const [id, page] of await mapEntries(objects, root)) …
 */
export async function mapEntries(
  objects: ContentObjects,
  root: string | null,
): Promise<[string, unknown][]> {
  if (root === null) return [];
  let level = [root];
  const entries: [string, unknown][] = [];
  while (level.length > 0) {
    const nodes = await objects.getMany(level);
    const next: string[] = [];
    for (const [index, node] of nodes.entries()) {
      if (!isMapNode(node)) throw new Error(`Content object ${level[index]} is not a map node`);
      if (node.kind === 'map-leaf') entries.push(...node.entries);
      else next.push(...node.children.map(([, hash]) => hash));
    }
    level = next;
  }
  return entries;
}
