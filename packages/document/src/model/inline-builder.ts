import type { Inline, InlineContent, Mark, Text } from '../types.js';
import { splitEmoji } from './emoji.js';
import { createLeaf, createMarks, sameMarks } from './marks.js';

/**
 * Collects running text in canonical form: empty text dropped, neighbouring leaves with the same
 * marks merged, neighbouring leaves grouped into one text node. Canonical form is what makes
 * document → Markdown → document the identity.
 */
export class InlineBuilder {
  readonly #nodes: InlineContent[] = [];
  #text: Text | undefined;

  /** Appends text carrying `marks` (canonical order). */
  addText(text: string, marks: Mark[]): void {
    if (text === '') return;
    if (!this.#text) {
      this.#text = { object: 'text', leaves: [] };
      this.#nodes.push(this.#text);
    }
    const last = this.#text.leaves.at(-1);
    if (last && sameMarks(last.marks, marks)) last.text += text;
    else this.#text.leaves.push(createLeaf(text, marks));
  }

  /** Appends text read from a page: emoji in it become emoji inlines, the rest carries `marks`. */
  addTextWithEmoji(text: string, marks: readonly Mark[]): void {
    const leafMarks = createMarks(marks);
    for (const segment of splitEmoji(text)) {
      if (segment.emoji) {
        this.addInline({
          object: 'inline',
          type: 'emoji',
          isVoid: true,
          data: { code: segment.code },
        });
      } else {
        this.addText(segment.text, leafMarks);
      }
    }
  }

  /** Appends an inline node. */
  addInline(inline: Inline): void {
    this.#text = undefined;
    this.#nodes.push(inline);
  }

  /** The collected nodes. */
  build(): InlineContent[] {
    return this.#nodes;
  }
}
