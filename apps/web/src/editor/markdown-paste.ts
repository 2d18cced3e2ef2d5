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
 * What is pasted from elsewhere becomes the blocks it says, converted by `@quire/document` as
 * the API converts a page (loaded on the first such paste, so the editor does not carry the
 * parser until then): plain text that reads as Markdown, and HTML another application or page put
 * on the clipboard (its structure kept; scripts, handlers and script URLs dropped before anything
 * reads it). What the editor cannot edit arrives kept whole, never run. What the editor itself
 * copied (ProseMirror marks its HTML) is left to it, so a block copied in Quire stays exact.
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
            if (data === null) return false;
            const html = data.getData('text/html');
            if (html.includes('data-pm-slice')) return false;
            const text = data.getData('text/plain');
            const markdown = looksLikeMarkdown(text);
            if (!markdown && html === '') return false;
            void import('./markdown-content.js').then(({ markdownContent, htmlContent }) => {
              const content = markdown ? markdownContent(text) : htmlContent(html);
              // Words pasted into a line join it; blocks come as blocks.
              const [only, ...more] = content;
              const inline = only?.type === 'paragraph' && more.length === 0;
              editor
                .chain()
                .focus()
                .insertContent(inline ? (only.content ?? []) : content)
                .run();
            });
            return true;
          },
        },
      }),
    ];
  },
});
