/**
 * CommonMark specification examples that render differently after a round trip, by cause.
 * Each is a consequence of the document model or of reading GFM, not a lost construct; the
 * README explains them. The spec test checks the differing set is exactly this.
 */
export const KNOWN_COMMONMARK_DIFFERENCES: Record<string, number[]> = {
  'Emphasis nested in emphasis of the same kind collapses: a mark is on or off for each leaf': [
    369, 373, 389, 407, 408, 409, 417, 418, 419, 425, 426, 427, 432, 461, 463, 464, 465, 466, 468,
  ],
  'A mark next to raw inline HTML is written around the raw HTML': [168],
  'A soft line break inside raw HTML (`<pre>` spanning a paragraph) is written as a space': [148],
  'A leading `&nbsp;` is written as the character, which commonmark.js trims at a paragraph start':
    [25],
};
