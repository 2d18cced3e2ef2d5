/**
 * The task functions a piscina worker thread runs for `createDocumentConverter`, one per
 * direction. Both take and give JSON text rather than objects: a string crosses threads as one
 * copy, and the main thread's `JSON.parse` of a 1 MB page's document takes about half as long as
 * the structured-clone deserialization of the same tree, and it is the main thread's share of the
 * work that the pool exists to keep small.
 */
import { type Document, documentToMarkdown, readMarkdown } from '@quire/document';
import { storedDocumentObject } from '../domain/content/document-objects.js';
import { htmlToMarkdown } from './html-to-markdown.js';
import { yieldToTheEventLoop } from './thread-priority.js';

yieldToTheEventLoop();

/**
 * Reads Markdown into the document's content object as it is stored, so that the main thread
 * neither writes out nor hashes it: `<hash>\n<warnings JSON>\n<canonical JSON of the object>`
 * (JSON text holds no raw line break, so the first two split it).
 *
 * @example
 * await pool.run('# Title\n', { name: 'fromMarkdown' }); // '3f…\n[]\n{"document":{…},"kind":"document"}'
 */
export function fromMarkdown(markdown: string): string {
  const { document, warnings } = readMarkdown(markdown);
  const { text, hash } = storedDocumentObject(document);
  return `${hash}\n${JSON.stringify(warnings)}\n${text}`;
}

/**
 * Writes the document in `documentJson` as Markdown.
 *
 * @example
 * await pool.run(JSON.stringify(document), { name: 'toMarkdown' }); // '# Title\n'
 */
export function toMarkdown(documentJson: string): string {
  // The text is the converter's own `JSON.stringify` of a typed `Document`, so it is one.
  const document: Document = JSON.parse(documentJson);
  return documentToMarkdown(document);
}

/**
 * Reads every Markdown text of the JSON array `markdownsJson` into its document's content object
 * as it is stored, in order: `<hash>\n<canonical JSON of the object>\n` for each (JSON text holds
 * no raw line break). The pages of a large import are read in one task rather than one round trip
 * each, and the main thread neither writes out nor hashes their bodies to store them.
 *
 * @example
 * await pool.run('["# A\\n","# B\\n"]', { name: 'fromMarkdownMany' }); // '3f…\n{"document":{…},"kind":"document"}\n9a…\n{…}\n'
 */
export function fromMarkdownMany(markdownsJson: string): string {
  const markdowns: string[] = JSON.parse(markdownsJson);
  const lines: string[] = [];
  for (const markdown of markdowns) {
    const { text, hash } = storedDocumentObject(readMarkdown(markdown).document);
    lines.push(hash, text);
  }
  return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
}

/**
 * Converts the HTML of an imported page to Markdown.
 *
 * @example
 * await pool.run('<h1>Install</h1>', { name: 'fromHtml' }); // '# Install\n'
 */
export function fromHtml(html: string): string {
  return htmlToMarkdown(html);
}
