import { diffPatch } from 'node-diff3';
import type { ContentObjects } from '../content-objects.js';
import { isListNode, type ListBranch, type ListLeaf } from './nodes.js';

// A sequence of ids (a page's children) stored as a tree of content objects keyed by position,
// each inner node knowing how many items each child holds: inserting into a list of thousands
// rewrites one leaf and the nodes above it, never the whole list.
const leafCapacity = 128;
const branchCapacity = 64;

type Replacement = [hash: string, count: number][];

async function listNode(objects: ContentObjects, hash: string): Promise<ListLeaf | ListBranch> {
  const node = await objects.get(hash);
  if (!isListNode(node)) throw new Error(`Content object ${hash} is not a list node`);
  return node;
}

function chunks<T>(items: T[], capacity: number): T[][] {
  if (items.length <= capacity) return [items];
  const parts = Math.ceil(items.length / capacity);
  const size = Math.ceil(items.length / parts);
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) {
    result.push(items.slice(start, start + size));
  }
  return result;
}

function putLeaves(objects: ContentObjects, items: string[]): Replacement {
  return chunks(items, leafCapacity)
    .filter((chunk) => chunk.length > 0)
    .map((chunk) => [
      objects.put({ kind: 'list-leaf', items: chunk } satisfies ListLeaf),
      chunk.length,
    ]);
}

function putBranches(objects: ContentObjects, children: Replacement): Replacement {
  return chunks(children, branchCapacity)
    .filter((chunk) => chunk.length > 0)
    .map((chunk) => [
      objects.put({ kind: 'list-branch', children: chunk } satisfies ListBranch),
      chunk.reduce((total, [, count]) => total + count, 0),
    ]);
}

async function edit(
  objects: ContentObjects,
  hash: string,
  index: number,
  change: (items: string[], at: number) => void,
): Promise<Replacement> {
  const node = await listNode(objects, hash);
  if (node.kind === 'list-leaf') {
    const items = [...node.items];
    change(items, index);
    return putLeaves(objects, items);
  }
  const children = [...node.children];
  let offset = index;
  let position = 0;
  // The child holding `index`; an index at the very end goes to the last child.
  while (position < children.length - 1 && offset >= (children[position]?.[1] ?? 0)) {
    offset -= children[position]?.[1] ?? 0;
    position += 1;
  }
  const child = children[position];
  if (child === undefined) throw new Error(`List node ${hash} has no children`);
  children.splice(position, 1, ...(await edit(objects, child[0], offset, change)));
  return putBranches(objects, children);
}

async function rootOf(objects: ContentObjects, level: Replacement): Promise<string | null> {
  let current = level;
  while (current.length > 1) current = putBranches(objects, current);
  let hash = current[0]?.[0] ?? null;
  // A root with one child is that child: removals can empty all the others.
  while (hash !== null) {
    const node = await listNode(objects, hash);
    if (node.kind !== 'list-branch' || node.children.length !== 1) break;
    hash = node.children[0]?.[0] ?? null;
  }
  return hash;
}

/**
 * Every item of a list, in order, reading each level in one batch.
 * @example const childIds = await listItems(objects, page.children);
 */
export async function listItems(objects: ContentObjects, root: string | null): Promise<string[]> {
  if (root === null) return [];
  let level = [root];
  const items: string[] = [];
  while (level.length > 0) {
    const nodes = await objects.getMany(level);
    const next: string[] = [];
    for (const [index, node] of nodes.entries()) {
      if (!isListNode(node)) throw new Error(`Content object ${level[index]} is not a list node`);
      if (node.kind === 'list-leaf') items.push(...node.items);
      else next.push(...node.children.map(([hash]) => hash));
    }
    level = next;
  }
  return items;
}

/** How many items a list holds, from its root alone. */
export async function listLength(objects: ContentObjects, root: string | null): Promise<number> {
  if (root === null) return 0;
  const node = await listNode(objects, root);
  return node.kind === 'list-leaf'
    ? node.items.length
    : node.children.reduce((total, [, count]) => total + count, 0);
}

/**
 * A list with `item` inserted before position `index` (its length: at the end), as the hash
 * of its new root.
 * @example root = await listInsert(objects, root, await listLength(objects, root), pageId);
 */
export async function listInsert(
  objects: ContentObjects,
  root: string | null,
  index: number,
  item: string,
): Promise<string> {
  if (root === null) return objects.put({ kind: 'list-leaf', items: [item] } satisfies ListLeaf);
  const level = await edit(objects, root, index, (items, at) => items.splice(at, 0, item));
  const hash = await rootOf(objects, level);
  if (hash === null) throw new Error('An insert left the list empty');
  return hash;
}

/**
 * A list without the item at `index`, as the hash of its new root; `null` when it is empty.
 * @example root = await listRemoveAt(objects, root, 3);
 */
export async function listRemoveAt(
  objects: ContentObjects,
  root: string,
  index: number,
): Promise<string | null> {
  return rootOf(objects, await edit(objects, root, index, (items, at) => items.splice(at, 1)));
}

/**
 * Turns a list into `items` with the fewest edits the diff finds (each O(log n)), so merging a
 * change into a list of thousands rewrites the leaves it touches, not the whole list.
 * @example root = await listRewrite(objects, root, mergedIds);
 */
export async function listRewrite(
  objects: ContentObjects,
  root: string | null,
  items: readonly string[],
): Promise<string | null> {
  const current = await listItems(objects, root);
  let result = root;
  // From the end, so the offsets of the earlier patches still hold.
  for (const { buffer1, buffer2 } of diffPatch(current, [...items]).reverse()) {
    for (let removed = 0; removed < buffer1.length; removed += 1) {
      if (result !== null) result = await listRemoveAt(objects, result, buffer1.offset);
    }
    for (const [index, item] of buffer2.chunk.entries()) {
      result = await listInsert(objects, result, buffer1.offset + index, item);
    }
  }
  return result;
}
