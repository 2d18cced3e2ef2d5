import { countWords, type Document } from '@quire/document';
import { isRecord } from '../../is-record.js';

/** The text of a document a translation translates, and how to put translations back. */
export interface DocumentTexts {
  /** The pieces to translate, in document order. */
  texts: string[];
  /** A copy of the document with each piece replaced by its translation, in the same order. */
  rebuild(translated: readonly string[]): Document;
}

// Blocks whose text is not prose: code and formulas stay as written.
const untranslatedBlocks = new Set(['code', 'math', 'raw', 'html']);
// Marks of text that is not prose: inline code and keys.
const untranslatedMarks = new Set(['code', 'keyboard']);
// Pieces of running text that stay as written: URLs, e-mail addresses and {{ variables }}.
const keptAsWritten =
  /(https?:\/\/[^\s<>"']+|www\.[^\s<>"']+|[\w.+-]+@[\w-]+\.[\w.-]+|\{\{[^}]*\}\})/;

/** One piece of a leaf: kept as written, or the core of a text with the blanks around it. */
type Part = { kept: string } | { before: string; index: number; after: string };

interface LeafParts {
  leaf: { text: string };
  parts: Part[];
}

/**
 * Finds the text leaves of a document that hold prose, walking the document model (never its
 * Markdown): code blocks, formulas, raw HTML, inline code, and every inline but a link's text
 * (mentions, page references, images, math, emoji, buttons) are left out, as are URLs, e-mail
 * addresses and variables inside text. Each leaf is cut around those, and the blanks at the ends
 * of each piece stay where they are, so the document's structure and spacing come back whole.
 */
export function documentTexts(document: Document): DocumentTexts {
  const copy: Document = structuredClone(document);
  const texts: string[] = [];
  const leaves: LeafParts[] = [];
  const visit = (node: unknown): void => {
    if (!isRecord(node)) return;
    if (node.object === 'text' && Array.isArray(node.leaves)) {
      for (const leaf of node.leaves) {
        if (isProseLeaf(leaf)) leaves.push({ leaf, parts: splitLeaf(leaf.text, texts) });
      }
      return;
    }
    if (node.object === 'inline' && node.type !== 'link') return;
    if (node.object === 'block' && untranslatedBlocks.has(String(node.type))) return;
    if (Array.isArray(node.nodes)) for (const child of node.nodes) visit(child);
  };
  visit(copy);
  return {
    texts,
    rebuild(translated) {
      for (const { leaf, parts } of leaves) {
        leaf.text = joinParts(parts, translated);
      }
      return copy;
    },
  };
}

/** The pieces of one line of text (a title, a description) to translate, cut as leaves are. */
export function lineTexts(text: string): {
  texts: string[];
  rebuild(translated: readonly string[]): string;
} {
  const texts: string[] = [];
  const parts = splitLeaf(text, texts);
  return { texts, rebuild: (translated) => joinParts(parts, translated) };
}

/** Words in the pieces a translation sends. */
export function wordsIn(texts: readonly string[]): number {
  return texts.reduce((sum, text) => sum + countWords(text), 0);
}

function isProseLeaf(leaf: unknown): leaf is { text: string; marks?: unknown } {
  if (!isRecord(leaf) || typeof leaf.text !== 'string') return false;
  const marks = Array.isArray(leaf.marks) ? leaf.marks : [];
  return !marks.some((mark) => isRecord(mark) && untranslatedMarks.has(String(mark.type)));
}

function splitLeaf(text: string, texts: string[]): Part[] {
  return text.split(keptAsWritten).map((piece, position): Part => {
    // split() with a capturing group puts the kept pieces at the odd positions.
    if (position % 2 === 1 || !/\p{L}/u.test(piece)) return { kept: piece };
    const core = piece.trim();
    const start = piece.indexOf(core);
    texts.push(core);
    return {
      before: piece.slice(0, start),
      index: texts.length - 1,
      after: piece.slice(start + core.length),
    };
  });
}

function joinParts(parts: readonly Part[], translated: readonly string[]): string {
  return parts
    .map((part) =>
      'kept' in part ? part.kept : `${part.before}${translated[part.index] ?? ''}${part.after}`,
    )
    .join('');
}
