import jsep from 'jsep';
import { badRequest, shorten } from '../../errors.js';

// Only what a visibility rule needs: comparisons, logic and literals over visitor claims. No
// calls, no `this`, no compound statements; nothing is ever evaluated here.
const allowedNodeTypes = new Set([
  'BinaryExpression',
  'UnaryExpression',
  'ConditionalExpression',
  'Literal',
  'Identifier',
  'MemberExpression',
  'ArrayExpression',
]);

/**
 * Parses a condition (an expression over `visitor.claims`): one that does not parse, or uses
 * anything but comparisons, logic and literals over `visitor.claims.<claim>`, is a 400 naming
 * `field`. Claims the site's adaptive schema does not declare are accepted: claims may come
 * unsigned or in the visitor's token, and the schema serves editors; an unknown claim evaluates
 * as `undefined`.
 * @example checkCondition('visitor.claims.unsigned.beta === true', 'condition');
 */
export function checkCondition(condition: string, field: string): void {
  let tree: jsep.Expression;
  try {
    tree = jsep(condition);
  } catch (error) {
    throw badRequest(
      `${field} is not a valid expression: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  walk(tree, field);
}

function walk(node: jsep.Expression, field: string): void {
  if (!allowedNodeTypes.has(node.type)) {
    throw badRequest(`${field} may only compare visitor claims (found ${node.type})`);
  }
  if (node.type === 'MemberExpression' || node.type === 'Identifier') {
    const path = referencePath(node);
    if (path === undefined) throw badRequest(`${field} may only read visitor.claims`);
    if (path.length === 1 && path[0] === 'undefined') return;
    if (path[0] !== 'visitor' || path[1] !== 'claims' || path.length < 3) {
      throw badRequest(
        `${field} may only read visitor.claims.<claim> (found ${shorten(path.join('.'))})`,
      );
    }
    return;
  }
  for (const child of subexpressions(node)) walk(child, field);
}

/** `visitor.claims.a` → ['visitor', 'claims', 'a']; `undefined` when not a plain reference. */
function referencePath(node: jsep.Expression): string[] | undefined {
  if (node.type === 'Identifier') return typeof node.name === 'string' ? [node.name] : undefined;
  const { object, property, computed } = node;
  if (node.type !== 'MemberExpression' || !isExpression(object) || !isExpression(property)) {
    return undefined;
  }
  const base = referencePath(object);
  if (base === undefined) return undefined;
  if (!computed && property.type === 'Identifier' && typeof property.name === 'string') {
    return [...base, property.name];
  }
  if (computed && property.type === 'Literal' && typeof property.value === 'string') {
    return [...base, property.value];
  }
  return undefined;
}

/** The expressions directly inside a node (operands, branches, array elements). */
function subexpressions(node: jsep.Expression): jsep.Expression[] {
  return Object.values(node).flatMap((value) =>
    Array.isArray(value) ? value.filter(isExpression) : isExpression(value) ? [value] : [],
  );
}

function isExpression(value: unknown): value is jsep.Expression {
  return (
    typeof value === 'object' && value !== null && 'type' in value && typeof value.type === 'string'
  );
}
