import { invalid, shorten } from '../errors.js';

// In a `u` regex a surrogate pair is one code point, so this matches only a lone surrogate: text
// that is not valid Unicode, which JSON's `\ud800` escapes can carry but UTF-8 cannot store.
const loneSurrogate = /\p{Surrogate}/u;

// PostgreSQL's text cannot hold U+0000 (SQLite's can), so it is refused on every database alike.
const nulCharacter = String.fromCharCode(0);

/** What is wrong with a string of a request, if anything. */
function textProblem(text: string): string | undefined {
  if (loneSurrogate.test(text)) {
    return 'is not valid Unicode: it has a lone surrogate (\\ud800-\\udfff)';
  }
  if (text.includes(nulCharacter)) return 'must not contain the NUL character (\\u0000)';
  return undefined;
}

/** Deeper than any body the contract describes; deeper input is refused before anything walks it. */
export const maxNesting = 64;

/** A value still to walk, and where it sits: its path is only spelled out for an error. */
interface Pending {
  value: object;
  key: string;
  parent: Pending | undefined;
  depth: number;
}

function pathOf(at: Pending | undefined, key?: string): string {
  const keys = key === undefined ? [] : [key];
  for (let item = at; item !== undefined; item = item.parent) keys.push(item.key);
  return keys.reverse().join('.');
}

/** Throws for a leaf (a string or a number) that no schema could refuse. */
function checkLeaf(leaf: unknown, at: Pending | undefined, key: string): void {
  if (typeof leaf === 'string') {
    const problem = textProblem(leaf);
    if (problem !== undefined) throw invalid(`${shorten(pathOf(at, key), 80)} ${problem}`);
  } else if (typeof leaf === 'number' && !Number.isFinite(leaf)) {
    throw invalid(`${shorten(pathOf(at, key), 80)} must be a finite number`);
  }
}

/**
 * Checks what the schemas cannot, in a request's parsed path, query or body, and throws a 400
 * naming the first problem: nesting deeper than {@link maxNesting} (which would overflow the
 * validators' recursion), text that is not valid Unicode or holds U+0000 (object keys included), and numbers
 * that are not finite (`1e400` in JSON, `Infinity` in a query), which range checks let through.
 * The walk is iterative, so no input can exhaust the stack.
 * @example checkRequestValues({ title: '\ud800' }, 'body'); // throws "body.title is not valid Unicode…"
 */
export function checkRequestValues(value: unknown, where: string): void {
  if (typeof value !== 'object' || value === null) {
    checkLeaf(value, undefined, where);
    return;
  }
  const pending: Pending[] = [{ value, key: where, parent: undefined, depth: 0 }];
  for (let item = pending.pop(); item !== undefined; item = pending.pop()) {
    if (item.depth >= maxNesting) {
      throw invalid(`${shorten(where, 80)} is nested more than ${maxNesting} levels deep`);
    }
    const isArray = Array.isArray(item.value);
    for (const key in item.value) {
      if (!isArray) {
        const problem = textProblem(key);
        if (problem !== undefined) {
          throw invalid(`${shorten(pathOf(item), 80)} (a property name) ${problem}`);
        }
      }
      const child: unknown = (item.value as Record<string, unknown>)[key];
      if (typeof child === 'object' && child !== null) {
        pending.push({ value: child, key, parent: item, depth: item.depth + 1 });
      } else {
        checkLeaf(child, item, key);
      }
    }
  }
}
