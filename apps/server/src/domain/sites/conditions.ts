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
  for (const child of children(node)) walk(child, known, field);
}

/** `visitor.claims.a` → ['visitor', 'claims', 'a']; `undefined` when not a plain reference. */
function referencePath(node: jsep.Expression): string[] | undefined {
  if (node.type === 'Identifier') return [String((node as jsep.Identifier).name)];
  if (node.type !== 'MemberExpression') return undefined;
  const member = node as jsep.MemberExpression;
  const base = referencePath(member.object);
  if (base === undefined) return undefined;
  if (!member.computed && member.property.type === 'Identifier') {
    return [...base, String((member.property as jsep.Identifier).name)];
  }
  if (member.computed && member.property.type === 'Literal') {
    const value = (member.property as jsep.Literal).value;
    if (typeof value === 'string') return [...base, value];
  }
  return undefined;
}

function children(node: jsep.Expression): jsep.Expression[] {
  switch (node.type) {
    case 'BinaryExpression': {
      const binary = node as jsep.BinaryExpression;
      return [binary.left, binary.right];
    }
    case 'UnaryExpression':
      return [(node as jsep.UnaryExpression).argument];
    case 'ConditionalExpression': {
      const conditional = node as jsep.ConditionalExpression;
      return [conditional.test, conditional.consequent, conditional.alternate];
    }
    case 'ArrayExpression':
      return (node as jsep.ArrayExpression).elements.filter(
        (element): element is jsep.Expression => element !== null,
      );
    default:
      return [];
  }
}
