import type { Block, Document } from '../types.js';

/**
 * Assigns every block a key derived from its content: a hash of the block's type, data and
 * children, plus `-n` for the n-th repeat of identical content, counted in document order.
 * Reading the same Markdown twice, or a document's own Markdown back, gives the same keys, and
 * a block keeps its key when other blocks are inserted or edited around it.
 *
 * @example
 * const document = assignKeys({ object: 'document', data: { schemaVersion: 1 }, nodes: blocks });
 * document.nodes[0]?.key; // e.g. '1x2kq8d0f3a'
 */
export function assignKeys(document: Document): Document {
  // A JSON copy, not structuredClone: a block object used twice must get two keys.
  const copy: Document = JSON.parse(JSON.stringify(document));
  setKeys(copy.nodes);
  return copy;
}

/** Sets keys in place on freshly built blocks; see `assignKeys`. */
export function setKeys(blocks: readonly Block[]): void {
  for (const block of blocks) hashBlock(block);
  const seen = new Map<string, number>();
  for (const block of blocks) setKey(block, seen);
}

/** Hashes a block and its blocks, leaving each one's hash as its key until `setKey` numbers it. */
function hashBlock(block: Block): string {
  const parts: string[] = [block.type, 'data' in block ? JSON.stringify(block.data) : ''];
  // An existing key must not feed into the hash: strip it by hashing children, never `block`.
  if ('nodes' in block) {
    for (const child of block.nodes) {
      parts.push(child.object === 'block' ? hashBlock(child) : JSON.stringify(child));
    }
  }
  const hash = cyrb53(parts.join('\u0000')).toString(36).padStart(11, '0');
  block.key = hash;
  return hash;
}

function setKey(block: Block, seen: Map<string, number>): void {
  const hash = block.key ?? '';
  const count = seen.get(hash) ?? 0;
  seen.set(hash, count + 1);
  block.key = count === 0 ? hash : `${hash}-${count}`;
  if (!('nodes' in block)) return;
  // Children are keyed in document order, after their parent.
  for (const child of block.nodes) {
    if (child.object === 'block') setKey(child, seen);
  }
}

/** cyrb53: a fast 53-bit string hash with good distribution (public domain). */
function cyrb53(text: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index);
    h1 = Math.imul(h1 ^ char, 2654435761);
    h2 = Math.imul(h2 ^ char, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}
