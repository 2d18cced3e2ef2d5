/**
 * The task functions a piscina worker thread runs for `createDocumentConverter`, one per
 * direction. Both take and give JSON text rather than objects: a string crosses threads as one
 * copy, and the main thread's `JSON.parse` of a 1 MB page's document takes about half as long as
 * the structured-clone deserialization of the same tree, and it is the main thread's share of the
 * work that the pool exists to keep small.
 */
import { type Document, documentToMarkdown, readMarkdown } from '@quire/document';

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
