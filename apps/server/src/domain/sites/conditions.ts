import jsep from 'jsep';
import { LRUCache } from 'lru-cache';
import { invalid, shorten } from '../../errors.js';

// Only what a visibility rule needs: comparisons, logic and literals over visitor claims. No
// calls, no `this`, no compound statements; evaluating one reads claims and nothing else.
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
    throw invalid(
      `${field} is not a valid expression: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  walk(tree, field);
}

function walk(node: jsep.Expression, field: string): void {
  if (!allowedNodeTypes.has(node.type)) {
    throw invalid(`${field} may only compare visitor claims (found ${node.type})`);
  }
  if (node.type === 'MemberExpression' || node.type === 'Identifier') {
    const path = referencePath(node);
    if (path === undefined) throw invalid(`${field} may only read visitor.claims`);
    if (path.length === 1 && path[0] === 'undefined') return;
    if (path[0] !== 'visitor' || path[1] !== 'claims' || path.length < 3) {
      throw invalid(
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

/** What a visitor carries: claims from a verified token, and claims stated without a signature. */
export interface VisitorClaims {
  signed: Record<string, unknown>;
  unsigned: Record<string, unknown>;
}

/** A visitor without any claims: whom API tokens read as. */
export const noVisitorClaims: VisitorClaims = { signed: {}, unsigned: {} };

// A memo of a pure function, shared by every site: a parsed expression takes about eight times
// its text.
const parsed = new LRUCache<string, { tree: jsep.Expression | null }>({
  maxSize: 4 * 1024 * 1024,
  sizeCalculation: (_tree, condition) => 64 + condition.length * 8,
});

/**
 * Whether a condition holds for a visitor: `visitor.claims.<claim>` reads a signed claim,
 * `visitor.claims.unsigned.<claim>` an unsigned one. A condition that does not parse, or that
 * uses anything `checkCondition` refuses, holds for nobody: hidden content stays hidden.
 * @example evaluateCondition('visitor.claims.plan === "pro"', { signed: { plan: 'pro' }, unsigned: {} }); // true
 */
export function evaluateCondition(condition: string, visitor: VisitorClaims): boolean {
  let tree = parsed.get(condition)?.tree;
  if (tree === undefined) {
    try {
      checkCondition(condition, 'condition');
      tree = jsep(condition);
    } catch {
      tree = null;
    }
    parsed.set(condition, { tree });
  }
  if (tree === null) return false;
  const scope = { visitor: { claims: { ...visitor.signed, unsigned: visitor.unsigned } } };
  return Boolean(evaluate(tree, scope));
}

function evaluate(node: jsep.Expression, scope: object): unknown {
  switch (node.type) {
    case 'Literal':
      return node.value;
    case 'Identifier':
    case 'MemberExpression':
      return lookUp(referencePath(node) ?? [], scope);
    case 'ArrayExpression':
      return (node.elements as jsep.Expression[]).map((element) => evaluate(element, scope));
    case 'UnaryExpression':
      return unary(String(node.operator), evaluate(node.argument as jsep.Expression, scope));
    case 'ConditionalExpression':
      return evaluate(node.test as jsep.Expression, scope)
        ? evaluate(node.consequent as jsep.Expression, scope)
        : evaluate(node.alternate as jsep.Expression, scope);
    case 'BinaryExpression': {
      const operator = String(node.operator);
      const left = evaluate(node.left as jsep.Expression, scope);
      // Logic short-circuits as in JavaScript, which conditions are written in.
      if (operator === '&&') return left && evaluate(node.right as jsep.Expression, scope);
      if (operator === '||') return left || evaluate(node.right as jsep.Expression, scope);
      if (operator === '??') return left ?? evaluate(node.right as jsep.Expression, scope);
      return binary(operator, left, evaluate(node.right as jsep.Expression, scope));
    }
    default:
      return undefined;
  }
}

function lookUp(path: string[], scope: object): unknown {
  if (path.length === 1 && path[0] === 'undefined') return undefined;
  let value: unknown = scope;
  for (const key of path) {
    if (typeof value !== 'object' || value === null || !Object.hasOwn(value, key)) {
      return undefined;
    }
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

function unary(operator: string, value: unknown): unknown {
  if (operator === '!') return !value;
  if (operator === '-') return -Number(value);
  if (operator === '+') return Number(value);
  return undefined;
}

function binary(operator: string, left: unknown, right: unknown): unknown {
  switch (operator) {
    case '===':
      return left === right;
    case '!==':
      return left !== right;
    case '==':
      // biome-ignore lint/suspicious/noDoubleEquals: the condition's author chose loose equality
      return left == right;
    case '!=':
      // biome-ignore lint/suspicious/noDoubleEquals: the condition's author chose loose equality
      return left != right;
    case '<':
      return comparable(left, right) && (left as number) < (right as number);
    case '<=':
      return comparable(left, right) && (left as number) <= (right as number);
    case '>':
      return comparable(left, right) && (left as number) > (right as number);
    case '>=':
      return comparable(left, right) && (left as number) >= (right as number);
    default:
      return undefined;
  }
}

/** Only two numbers or two strings are ordered; anything else compares false. */
function comparable(left: unknown, right: unknown): boolean {
  return (
    (typeof left === 'number' && typeof right === 'number') ||
    (typeof left === 'string' && typeof right === 'string')
  );
}
