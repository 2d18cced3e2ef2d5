import { htmlToMarkdown, markdownToDocument, toGitBookDocument } from '@quire/document';
import { toEditorDocument } from '@quire/editor-schema';
import type { JSONContent } from '@tiptap/core';

/** The editor's blocks for a Markdown text, as the API would read it into a page. */
export function markdownContent(markdown: string): JSONContent[] {
  return toEditorDocument(toGitBookDocument(markdownToDocument(markdown))).content ?? [];
}

/** The editor's blocks for HTML another application or page put on the clipboard. */
export function htmlContent(html: string): JSONContent[] {
  return markdownContent(htmlToMarkdown(html));
}
