import type { Block, Document, ReusableContentBlock } from '../types.js';

interface NodeLike {
  object?: unknown;
  type?: unknown;
  nodes?: unknown;
}

function isReusableContentBlock(node: NodeLike): node is ReusableContentBlock {
  return node.object === 'block' && node.type === 'reusable-content';
}

function childrenOf(node: NodeLike): NodeLike[] | undefined {
  return Array.isArray(node.nodes) ? (node.nodes as NodeLike[]) : undefined;
}

/**
 * The reusable contents a document includes (`reusable-content` blocks, at any depth), each
 * once, in the order first met: what a caller loads before rendering or checks before storing.
 * @example reusableContentRefs(document); // ['Xq3vT8pLmN2aB7cD9eFg']
 */
export function reusableContentRefs(document: Document): string[] {
  const found = new Set<string>();
  const visit = (nodes: readonly NodeLike[]) => {
    for (const node of nodes) {
      if (isReusableContentBlock(node)) found.add(node.data.ref.reusableContent);
      const children = childrenOf(node);
      if (children !== undefined) visit(children);
    }
  };
  visit(document.nodes);
  return [...found];
}

/**
 * The document with each `reusable-content` block replaced by what `replace` answers for it:
 * blocks (one, or none, or the included content's own blocks). The document itself when it has
 * no such block, so callers keep what they know of it (its stored form, its hash).
 * @example mapReusableContentBlocks(document, (block) => [withId(block)]);
 */
export function mapReusableContentBlocks(
  document: Document,
  replace: (block: ReusableContentBlock) => Block[],
): Document {
  if (reusableContentRefs(document).length === 0) return document;
  const visit = (nodes: readonly NodeLike[]): NodeLike[] =>
    nodes.flatMap((node): NodeLike[] => {
      if (isReusableContentBlock(node)) return replace(node);
      const children = childrenOf(node);
      return children === undefined ? [node] : [{ ...node, nodes: visit(children) }];
    });
  return { ...document, nodes: visit(document.nodes) as Block[] };
}
