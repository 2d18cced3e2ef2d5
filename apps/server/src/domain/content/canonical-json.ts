import { createHash } from 'node:crypto';

/**
 * JSON with object keys sorted, so the same content always has the same text and hash whatever
 * order a client sent its keys in. `undefined` properties are left out and `undefined` in arrays
 * is `null`, as JSON.stringify does. Written by hand rather than with a JSON.stringify replacer:
 * every edit hashes its objects, and the replacer's copy of every object cost more than the rest.
 * @example canonicalJson({ b: 1, a: [2, { d: 3, c: 4 }] }); // '{"a":[2,{"c":4,"d":3}],"b":1}'
 */
export function canonicalJson(value: unknown): string {
  return write(value) ?? 'null';
}

function write(value: unknown): string | undefined {
  if (value === null || typeof value !== 'object') {
    // Strings, numbers, booleans, and undefined (left out by the caller).
    return value === undefined ? undefined : JSON.stringify(value);
  }
  if (Array.isArray(value)) {
    let text = '[';
    for (let index = 0; index < value.length; index += 1) {
      if (index > 0) text += ',';
      text += write(value[index]) ?? 'null';
    }
    return `${text}]`;
  }
  const keys = Object.keys(value).sort();
  let text = '{';
  let first = true;
  for (const key of keys) {
    const item = write(Object.getOwnPropertyDescriptor(value, key)?.value);
    if (item === undefined) continue;
    text += `${first ? '' : ','}${JSON.stringify(key)}:${item}`;
    first = false;
  }
  return `${text}}`;
}

/** SHA-256 of a text, lower-case hex: the key of a content object. */
export function contentHash(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
