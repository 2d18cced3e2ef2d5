/**
 * One emoji: a pictograph shown as emoji by default (or forced with U+FE0F), with skin-tone
 * modifiers and zero-width-joiner sequences, or a flag (pair of regional indicators).
 * Text-style pictographs such as © stay text.
 */
const EMOJI =
  /(?:[\u{1F1E6}-\u{1F1FF}]{2}|(?:\p{Emoji_Presentation}|\p{Extended_Pictographic}\uFE0F)\p{Emoji_Modifier}?(?:\u200D\p{Extended_Pictographic}\uFE0F?\p{Emoji_Modifier}?)*)/gu;
const MAY_HAVE_EMOJI = /[\p{Emoji_Presentation}\p{Extended_Pictographic}]/u;

/** A piece of text: either plain text or one emoji. */
export type EmojiSegment = { emoji: false; text: string } | { emoji: true; code: string };

/** Splits text into plain runs and emoji. */
export function splitEmoji(text: string): EmojiSegment[] {
  if (!MAY_HAVE_EMOJI.test(text)) return [{ emoji: false, text }];
  const segments: EmojiSegment[] = [];
  let last = 0;
  for (const match of text.matchAll(EMOJI)) {
    if (match.index > last) segments.push({ emoji: false, text: text.slice(last, match.index) });
    segments.push({ emoji: true, code: emojiCode(match[0]) });
    last = match.index + match[0].length;
  }
  if (last < text.length) segments.push({ emoji: false, text: text.slice(last) });
  return segments;
}

/** The code of an emoji: its code points in lowercase hex, joined by `-`. */
function emojiCode(emoji: string): string {
  return Array.from(emoji, (char) => (char.codePointAt(0) ?? 0).toString(16)).join('-');
}

/** The emoji for a code produced by `emojiCode`. */
export function emojiFromCode(code: string): string {
  return String.fromCodePoint(...code.split('-').map((part) => Number.parseInt(part, 16)));
}
