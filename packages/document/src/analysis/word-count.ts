import type { Document } from '../types.js';
import { plainText } from './plain-text.js';

const segmenter = new Intl.Segmenter(undefined, { granularity: 'word' });

/** Counts words in text, using Unicode word boundaries (so CJK text counts sensibly too). */
export function countWords(text: string): number {
  let count = 0;
  for (const segment of segmenter.segment(text)) if (segment.isWordLike) count++;
  return count;
}

/**
 * The number of words in a document's plain text.
 *
 * @example
 * wordCount(markdownToDocument('Hello **big** world')); // 3
 */
export function wordCount(document: Document): number {
  return countWords(plainText(document));
}
