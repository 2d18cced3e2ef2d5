import type { Literal } from 'mdast';
import type { Extension as FromMarkdownExtension } from 'mdast-util-from-markdown';
import type { Options as ToMarkdownExtension } from 'mdast-util-to-markdown';

/** A GitBook tag line in mdast; `value` is the text between `{%` and `%}`, trimmed. */
export interface LiquidTag extends Literal {
  type: 'liquidTag';
  /**
   * Set by the writer on a tag that opens content although its name can also stand alone, as
   * `{% embed %}` before a caption, so the content hugs it like any container's.
   */
  opensContainer?: true;
}

declare module 'mdast' {
  interface RootContentMap {
    liquidTag: LiquidTag;
  }
  interface BlockContentMap {
    liquidTag: LiquidTag;
  }
}

/**
 * Tags that stand alone rather than open content. Every other tag line hugs what follows it, as
 * GitBook writes containers (known or not: `{% if … %}` too).
 */
const STANDALONE_TAG = /^(?:embed|file|include|page-ref|end[\w-]*)(?:\s|$)/;

const TAG_LINE = /^\{%([\s\S]*)%\}[ \t]*$/;

/** mdast-util-from-markdown extension turning `liquidTag` tokens into `liquidTag` nodes. */
export function liquidTagFromMarkdown(): FromMarkdownExtension {
  return {
    enter: {
      liquidTag(token) {
        const source = this.sliceSerialize(token);
        const value = TAG_LINE.exec(source)?.[1]?.trim() ?? source;
        this.enter({ type: 'liquidTag', value }, token);
      },
    },
    exit: {
      liquidTag(token) {
        this.exit(token);
      },
    },
  };
}

/** mdast-util-to-markdown extension writing `liquidTag` nodes back as tag lines. */
export function liquidTagToMarkdown(): ToMarkdownExtension {
  return {
    handlers: {
      liquidTag: (node: LiquidTag) => `{% ${node.value} %}`,
    },
    // Running text that starts a line with `{%` would read back as a tag: escape the brace.
    unsafe: [{ character: '{', atBreak: true, after: '%' }],
    join: [
      // Container tags hug their content, as GitBook writes them: no blank line after an opening
      // tag or before a closing one. Tables only end at a blank line, so they keep one; so does
      // HTML in lists and quotes (at the top level the reader splits tag lines back out of an
      // HTML block), and so do loose list items, which would otherwise read back as tight.
      (left, right, parent) => {
        if ('spread' in parent && parent.spread === true) return undefined;
        // An empty paragraph is a blank line of its own, kept even right after a tag.
        if (right.type === 'paragraph' && right.children.length === 0) return undefined;
        if (
          left.type === 'liquidTag' &&
          (left.opensContainer || !STANDALONE_TAG.test(left.value))
        ) {
          return 0;
        }
        const closes = right.type === 'liquidTag' && right.value.startsWith('end');
        if (closes && left.type === 'html' && parent.type !== 'root') return undefined;
        if (closes && left.type !== 'table') return 0;
        return undefined;
      },
    ],
  };
}
