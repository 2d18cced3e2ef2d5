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

  it('writes long lists from kept runs that an edit, an insertion or a removal leaves right', () => {
    fc.assert(
      fc.property(
        fc.array(fc.jsonValue(), { maxLength: 300 }),
        fc.nat(),
        fc.constantFrom('edit', 'insert', 'remove'),
        (values, at, change) => {
          const items = values.map((value, index) => ({ index, value }));
          const before = { pages: items };
          cacheJsonText(before);
          const changed = [...items];
          const where = items.length === 0 ? 0 : at % items.length;
          if (change === 'edit') changed.splice(where, 1, { index: -1, value: 'edited' });
          if (change === 'insert') changed.splice(where, 0, { index: -2, value: 'inserted' });
          if (change === 'remove') changed.splice(where, 1);
          const after = { pages: changed };
          cacheJsonText(after);
          expect(decoded(jsonBodyOf(after))).toBe(JSON.stringify(after));
          expect(decoded(jsonBodyOf(before))).toBe(JSON.stringify(before));
        },
      ),
      { numRuns: 200 },
    );
  });
});
