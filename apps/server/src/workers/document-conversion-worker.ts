/**
 * The task functions a piscina worker thread runs for `createDocumentConverter`, one per
 * direction. Both take and give JSON text rather than objects: a string crosses threads as one
 * copy, and the main thread's `JSON.parse` of a 1 MB page's document takes about half as long as
 * the structured-clone deserialization of the same tree, and it is the main thread's share of the
 * work that the pool exists to keep small.
 */
import { type Document, documentToMarkdown, readMarkdown } from '@quire/document';
import { htmlToMarkdown } from './html-to-markdown.js';

/**
 * Reads Markdown into `JSON.stringify({ document, warnings })`.
 *
 * @example
 * await pool.run('# Title\n', { name: 'fromMarkdown' }); // '{"document":{…},"warnings":[]}'
 */
export function fromMarkdown(markdown: string): string {
  return JSON.stringify(readMarkdown(markdown));
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
 * Reads every Markdown text of the JSON array `markdownsJson` into the JSON array of their
 * documents: the pages of a large import, read in one task rather than one round trip each.
 *
 * @example
 * await pool.run('["# A\\n","# B\\n"]', { name: 'fromMarkdownMany' }); // '[{"object":"document",…},…]'
 */
export function fromMarkdownMany(markdownsJson: string): string {
  const markdowns: string[] = JSON.parse(markdownsJson);
  return JSON.stringify(markdowns.map((markdown) => readMarkdown(markdown).document));
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
