/**
 * Pieces of GitBook's JSON document for tests that send one as a page's body, as the editor
 * does: what Markdown cannot say (a link that names a page by its id) is written this way.
 */

type Mark = { object: 'mark'; type: string };

/** Running text, with its marks. */
export function gitbookText(value: string, marks: Mark[] = []) {
  return { object: 'text', leaves: [{ object: 'leaf', text: value, marks }] };
}

/** A link to a page of the space by its id, `anchor` in it if given. */
export function gitbookPageLink(pageId: string, text: string, anchor?: string) {
  const ref =
    anchor === undefined
      ? { kind: 'page', page: pageId }
      : { kind: 'anchor', page: pageId, anchor };
  return { object: 'inline', type: 'link', data: { ref }, nodes: [gitbookText(text)] };
}

/** A page body of the given blocks, as `document: { document }` of a page change takes it. */
export function gitbookBody(...nodes: unknown[]) {
  return { document: { object: 'document' as const, nodes } };
}

/** A paragraph of running text and inlines. */
export function gitbookParagraph(...nodes: unknown[]) {
  return { object: 'block', type: 'paragraph', nodes };
}
