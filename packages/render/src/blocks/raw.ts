import type { RawBlock } from '@quire/document';
import type { ElementContent } from 'hast';
import { h } from 'hastscript';
import { sanitizeBlockHtml } from '../sanitize.js';

// Markdown the model keeps verbatim that has nothing to show a reader: front matter, link
// definitions (links already carry their targets) and GitBook tags Quire does not know.
const HIDDEN = [/^---\r?\n/, /^\+\+\+\r?\n/, /^\[(?!\^)[^\]]+\]:/, /^\{%/];

/**
 * A raw block: HTML is sanitized against the allow-list; footnotes and other Markdown are shown
 * as their text; what has nothing to show is left out.
 */
export function renderRaw(block: RawBlock): ElementContent[] {
  const source = block.data.markdown.trim();
  if (source === '' || HIDDEN.some((pattern) => pattern.test(source))) return [];
  const html = rawHtmlOf(block);
  if (html !== undefined) return sanitizeBlockHtml(html);
  return [h('p', { className: ['raw'] }, source)];
}

/** The HTML a raw block holds, or `undefined` when it holds other Markdown. */
export function rawHtmlOf(block: RawBlock): string | undefined {
  const source = block.data.markdown.trim();
  return source.startsWith('<') ? source : undefined;
}
