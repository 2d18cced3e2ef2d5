// The API gives an emoji as its character or as code points (`1f44d`, joined by `-`).
const CODE_POINTS = /^[\da-f]{4,6}(?:-[\da-f]{4,6})*$/i;

/**
 * The character of an emoji the API gives as a character or as code points.
 *
 * @example
 * emojiText('1f680'); // '🚀'
 * emojiText('🚀'); // '🚀'
 */
export function emojiText(emoji: string): string {
  if (!CODE_POINTS.test(emoji)) return emoji;
  const points = emoji.split('-').map((hex) => Number.parseInt(hex, 16));
  return points.every((point) => point <= 0x10ffff) ? String.fromCodePoint(...points) : '';
}
