/** A leaf of a persistent map: entries sorted by key. */
export interface MapLeaf {
  kind: 'map-leaf';
  entries: [key: string, value: unknown][];
}

/** An inner node of a persistent map: its children with the first key each holds. */
export interface MapBranch {
  kind: 'map-branch';
  children: [firstKey: string, hash: string][];
}

/** A leaf of a persistent list: a run of items. */
export interface ListLeaf {
  kind: 'list-leaf';
  items: string[];
}

/** An inner node of a persistent list: its children with how many items each holds. */
export interface ListBranch {
  kind: 'list-branch';
  children: [hash: string, count: number][];
}

type Node = MapLeaf | MapBranch | ListLeaf | ListBranch;

function hasKind<K extends Node['kind']>(value: unknown, kind: K): boolean {
  return typeof value === 'object' && value !== null && 'kind' in value && value.kind === kind;
}

/** Whether a stored object is a map node. */
export function isMapNode(value: unknown): value is MapLeaf | MapBranch {
  return hasKind(value, 'map-leaf') || hasKind(value, 'map-branch');
}

/** Whether a stored object is a list node. */
export function isListNode(value: unknown): value is ListLeaf | ListBranch {
  return hasKind(value, 'list-leaf') || hasKind(value, 'list-branch');
}
