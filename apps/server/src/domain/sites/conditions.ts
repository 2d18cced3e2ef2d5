import jsep from 'jsep';
import { badRequest, shorten } from '../../errors.js';
import type { Claim } from './adaptive-schema.js';

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
 * Parses a condition (an expression over `visitor.claims`) and checks every claim it names is
 * one of `claims`. A condition that does not parse, uses anything but comparisons and logic, or
 * names an unknown claim is a 400 naming `field`.
 * @example checkCondition('visitor.claims.unsigned.beta === true', claims, 'condition');
 */
export function checkCondition(condition: string, claims: readonly Claim[], field: string): void {
  let tree: jsep.Expression;
  try {
    tree = jsep(condition);
  } catch (error) {
    throw badRequest(
      `${field} is not a valid expression: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const known = new Set(claims.map((claim) => claim.path.join('.')));
  walk(tree, known, field);
}

function walk(node: jsep.Expression, known: Set<string>, field: string): void {
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
    const claim = path.slice(2).join('.');
    if (!known.has(claim)) {
      throw badRequest(
        `${field} names the claim ${shorten(claim)}, which the site's adaptive schema does not have`,
      );
    }
    return;
  }
  for (const child of subexpressions(node)) walk(child, known, field);
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
