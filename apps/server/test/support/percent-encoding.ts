const unreserved = /^[A-Za-z0-9_.~-]$/;

/**
 * Percent-encodes every character but the unreserved ones, like `encodeURIComponent`, except
 * that a lone surrogate is encoded as the three bytes WTF-8 gives it (`\ud800` → `%ED%A0%80`)
 * instead of throwing: those bytes are not UTF-8, and what a server does with them is worth a test.
 * @example percentEncode('a b/\ud800'); // 'a%20b%2F%ED%A0%80'
 */
export function percentEncode(text: string): string {
  let encoded = '';
  for (const character of text) {
    if (unreserved.test(character)) {
      encoded += character;
      continue;
    }
    for (const byte of wtf8Bytes(character)) {
      encoded += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    }
  }
  return encoded;
}

// `for…of` over a string yields whole code points, and a lone surrogate as itself.
function wtf8Bytes(character: string): number[] {
  const codePoint = character.codePointAt(0) ?? 0;
  if (codePoint < 0x80) return [codePoint];
  if (codePoint < 0x800) return [0xc0 | (codePoint >> 6), 0x80 | (codePoint & 0x3f)];
  if (codePoint < 0x10000) {
    return [0xe0 | (codePoint >> 12), 0x80 | ((codePoint >> 6) & 0x3f), 0x80 | (codePoint & 0x3f)];
  }
  return [
    0xf0 | (codePoint >> 18),
    0x80 | ((codePoint >> 12) & 0x3f),
    0x80 | ((codePoint >> 6) & 0x3f),
    0x80 | (codePoint & 0x3f),
  ];
}

const loneSurrogate = /\p{Surrogate}/u;

/** Whether text holds a UTF-16 surrogate without its pair: not valid Unicode. */
export function hasLoneSurrogate(text: string): boolean {
  return loneSurrogate.test(text);
}
