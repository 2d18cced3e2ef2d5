import type { Document } from '@quire/document';
import { evaluateCondition, type VisitorClaims } from '../sites/conditions.js';

interface Node {
  object?: string;
  type?: string;
  data?: unknown;
  nodes?: Node[];
}

/**
 * The document as this visitor reads it: conditional blocks whose condition is false for them
 * are left out, wherever they are nested. A document without any is returned as it is.
 * @example evaluateDocument(document, noVisitorClaims);
 */
export function evaluateDocument(document: Document, visitor: VisitorClaims): Document {
  if (!holdsConditionalBlock(document.nodes)) return document;
  return { ...document, nodes: evaluateNodes(document.nodes, visitor) as Document['nodes'] };
}

function holdsConditionalBlock(nodes: readonly Node[]): boolean {
  return nodes.some(
    (node) =>
      (node.object === 'block' && node.type === 'conditional') ||
      (node.nodes !== undefined && holdsConditionalBlock(node.nodes)),
  );
}

function evaluateNodes(nodes: readonly Node[], visitor: VisitorClaims): Node[] {
  return nodes.flatMap((node) => {
    if (node.object === 'block' && node.type === 'conditional' && !holds(node, visitor)) return [];
    return node.nodes === undefined
      ? [node]
      : [{ ...node, nodes: evaluateNodes(node.nodes, visitor) }];
  });
}

function holds(block: Node, visitor: VisitorClaims): boolean {
  const condition = (block.data as { condition?: unknown } | undefined)?.condition;
  return typeof condition === 'string' && evaluateCondition(condition, visitor);
}
