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

async function update(
  objects: ContentObjects,
  hash: string,
  key: string,
  value: unknown,
): Promise<Replacement> {
  const node = await mapNode(objects, hash);
  if (node.kind === 'map-leaf') {
    const entries = [...node.entries];
    const index = lowerBound(
      entries.map(([entryKey]) => entryKey),
      key,
    );
    const present = entries[index]?.[0] === key;
    if (value === undefined) {
      if (!present) return [[entries[0]?.[0] ?? key, hash]];
      entries.splice(index, 1);
    } else {
      entries.splice(index, present ? 1 : 0, [key, value]);
    }
    return splitInto(entries, leafCapacity)
      .filter((chunk) => chunk.length > 0)
      .map((chunk): [string, string] => [
        chunk[0]?.[0] ?? key,
        objects.put({ kind: 'map-leaf', entries: chunk } satisfies MapLeaf),
      ]);
  }
  const children = [...node.children];
  const index = childIndex(node, key);
  const child = children[index];
  if (child === undefined) throw new Error(`Map node ${hash} has no children`);
  children.splice(index, 1, ...(await update(objects, child[1], key, value)));
  return splitInto(children, branchCapacity)
    .filter((chunk) => chunk.length > 0)
    .map((chunk): [string, string] => [
      chunk[0]?.[0] ?? key,
      objects.put({ kind: 'map-branch', children: chunk } satisfies MapBranch),
    ]);
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
  if (root === null) {
    if (value === undefined) return null;
    return objects.put({ kind: 'map-leaf', entries: [[key, value]] } satisfies MapLeaf);
  }
  let level = await update(objects, root, key, value);
  while (level.length > branchCapacity) {
    level = splitInto(level, branchCapacity).map((chunk): [string, string] => [
      chunk[0]?.[0] ?? key,
      objects.put({ kind: 'map-branch', children: chunk } satisfies MapBranch),
    ]);
  }
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
