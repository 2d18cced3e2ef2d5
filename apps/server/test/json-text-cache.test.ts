import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cacheJsonText, jsonBodyOf } from '../src/caches/json-text-cache.js';

const decoded = (body: string | Uint8Array) =>
  typeof body === 'string' ? body : Buffer.from(body).toString('utf8');

describe('the JSON of kept answers', () => {
  it('is what JSON.stringify writes, for any JSON value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (first, second) => {
        // Two answers that share their values: the second reuses the bytes the first kept.
        const earlier = { items: [first, { nested: [second] }] };
        const later = { items: [{ nested: [second] }, first], more: [earlier.items[1]] };
        expect(cacheJsonText(earlier)).toBe(Buffer.byteLength(JSON.stringify(earlier)));
        cacheJsonText(later);
        expect(decoded(jsonBodyOf(earlier))).toBe(JSON.stringify(earlier));
        expect(decoded(jsonBodyOf(later))).toBe(JSON.stringify(later));
      }),
    );
  });

  it('writes a tree again around the pages an edit left as they were, and freezes it', () => {
    const page = (id: string, pages: object[] = []) => ({ id, title: `Page ${id} ✓`, pages });
    const untouched = page('b', [page('c'), page('d')]);
    const before = { pages: [page('a'), untouched] };
    cacheJsonText(before);
    const after = { pages: [page('a2'), untouched], next: undefined, skipped: () => 1 };
    expect(decoded(jsonBodyOf(after))).toBe(JSON.stringify(after));
    cacheJsonText(after);
    expect(decoded(jsonBodyOf(after))).toBe(JSON.stringify(after));
    expect(Object.isFrozen(after.pages[0])).toBe(true);
    // Not kept: written now.
    expect(jsonBodyOf({ fresh: true })).toBe('{"fresh":true}');
  });
});
