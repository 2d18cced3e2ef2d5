// In a `u` regex a surrogate pair is one code point, so this matches only a lone surrogate: text
// that is not valid Unicode, which JSON's `\ud800` escapes can carry but UTF-8 cannot store.
const loneSurrogate = /\p{Surrogate}/u;

/**
 * The path of the first string in a parsed JSON value, object keys included, that has a lone
 * surrogate; `undefined` when every string is valid Unicode.
 * @example findIllFormedText({ title: '\ud800' }, 'body'); // 'body.title'
 */
export function findIllFormedText(value: unknown, path: string): string | undefined {
  if (typeof value === 'string') return loneSurrogate.test(value) ? path : undefined;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findIllFormedText(item, `${path}.${index}`);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      if (loneSurrogate.test(key)) return `${path} (a property name)`;
      const found = findIllFormedText(item, `${path}.${key}`);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}
