import { type Document, plainText } from '@quire/document';

/**
 * The body as the page shows it under its own title: a first heading that only repeats the
 * title (as Markdown written with `# Title` on top does) is left out, so the page has one `<h1>`.
 * @example withoutRepeatedTitle(document, 'Install'); // the document without its `# Install`
 */
export function withoutRepeatedTitle(document: Document, title: string): Document {
  const [first, ...rest] = document.nodes;
  if (first?.type !== 'heading-1') return document;
  const text = plainText({ ...document, nodes: [first] }).trim();
  return text === title.trim() ? { ...document, nodes: rest } : document;
}
