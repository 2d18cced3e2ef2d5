import { Extension } from '@tiptap/core';
import { Plugin, PluginKey } from '@tiptap/pm/state';

// Lines that only Markdown starts so: headings, lists, task items, quotes, fences, tables and
// GitBook's `{% %}` blocks; and inline links, bold and code.
const blockSyntax = /^(?:#{1,6} |[-*+] |\d{1,9}[.)] |> |```|~~~|\||\{% )/m;
const inlineSyntax = /\[[^\]\n]+\]\([^)\s]+\)|\*\*[^*\n]+\*\*|`[^`\n]+`/;

/** Whether pasted plain text reads as Markdown rather than as text that happens to hold `*`. */
export function looksLikeMarkdown(text: string): boolean {
  return blockSyntax.test(text) || inlineSyntax.test(text);
}

/**
 * Plain text pasted that reads as Markdown becomes the blocks it writes, converted by
 * `@quire/document` as the API converts a page (loaded on the first such paste, so the editor
 * does not carry the parser until then). What the editor cannot edit arrives kept whole, never
 * run. HTML on the clipboard is left to the editor, which keeps only what its schema knows.
 */
export const MarkdownPaste = Extension.create({
  name: 'markdownPaste',
  addProseMirrorPlugins() {
    const { editor } = this;
    return [
      new Plugin({
        key: new PluginKey('markdownPaste'),
        props: {
          handlePaste(_view, event) {
            const data = event.clipboardData;
            if (data === null || data.types.includes('text/html')) return false;
            const text = data.getData('text/plain');
            if (!looksLikeMarkdown(text)) return false;
            void import('./markdown-content.js').then(({ markdownContent }) => {
              editor.chain().focus().insertContent(markdownContent(text)).run();
            });
            return true;
          },
        },
      }),
    ];
  },
});
