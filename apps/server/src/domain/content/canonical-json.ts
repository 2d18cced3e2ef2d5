import { createHash } from 'node:crypto';

/**
 * JSON with object keys sorted, so the same content always has the same text and hash whatever
 * order a client sent its keys in. `undefined` properties are left out, as JSON.stringify does.
 * @example canonicalJson({ b: 1, a: [2, { d: 3, c: 4 }] }); // '{"a":[2,{"c":4,"d":3}],"b":1}'
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) => {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) return item;
    return Object.fromEntries(
      Object.entries(item).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
    );
  });
}

/** SHA-256 of a text, lower-case hex: the key of a content object. */
export function contentHash(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
