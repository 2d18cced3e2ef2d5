import { createHash } from 'node:crypto';
import type { Block, Document } from '@quire/document';

/**
 * A copy of a computed document whose every block has a key made from `seed` and the block's
 * place in document order: the same seed gives the same keys, so computing a page again answers
 * the same bytes, and two computed pages (two seeds) never share keys.
 * @example withSeededKeys(document, 'page-seed').nodes[0]?.key; // e.g. '5f0c1d2e3a4b'
 */
export function withSeededKeys(document: Document, seed: string): Document {
  const copy: Document = structuredClone(document);
  let position = 0;
  const visit = (nodes: readonly unknown[]): void => {
    for (const node of nodes) {
      if (!isBlock(node)) continue;
      node.key = keyOf(seed, position);
      position += 1;
      if ('nodes' in node && Array.isArray(node.nodes)) visit(node.nodes);
    }
  };
  visit(copy.nodes);
  return copy;
}

function keyOf(seed: string, position: number): string {
  return createHash('sha256').update(`${seed}\u0000${position}`).digest('hex').slice(0, 12);
}

function isBlock(node: unknown): node is Block {
  return typeof node === 'object' && node !== null && 'object' in node && node.object === 'block';
}
