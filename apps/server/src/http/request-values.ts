import { badRequest, shorten } from '../errors.js';

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

/**
 * Checks what the schemas cannot, in a request's parsed path, query or body, and throws a 400
 * naming the first problem: nesting deeper than {@link maxNesting} (which would overflow the
 * validators' recursion), text that is not valid Unicode or holds U+0000 (object keys included), and numbers
 * that are not finite (`1e400` in JSON, `Infinity` in a query), which range checks let through.
 * The walk is iterative, so no input can exhaust the stack.
 * @example checkRequestValues({ title: '\ud800' }, 'body'); // throws "body.title is not valid Unicode…"
 */
export function checkRequestValues(value: unknown, where: string): void {
  const pending: [value: unknown, path: string, depth: number][] = [[value, where, 0]];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [item, path, depth] = next;
    if (typeof item === 'string') {
      const problem = textProblem(item);
      if (problem !== undefined) throw badRequest(`${shorten(path, 80)} ${problem}`);
    } else if (typeof item === 'number') {
      if (!Number.isFinite(item)) throw badRequest(`${shorten(path, 80)} must be a finite number`);
    } else if (typeof item === 'object' && item !== null) {
      if (depth >= maxNesting) {
        throw badRequest(`${shorten(where, 80)} is nested more than ${maxNesting} levels deep`);
      }
      const entries = Array.isArray(item) ? item.entries() : Object.entries(item);
      for (const [key, child] of entries) {
        const problem = typeof key === 'string' ? textProblem(key) : undefined;
        if (problem !== undefined) {
          throw badRequest(`${shorten(path, 80)} (a property name) ${problem}`);
        }
        pending.push([child, `${path}.${key}`, depth + 1]);
      }
    }
  }
}
