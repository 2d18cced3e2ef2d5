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

/** Tags that open a container closed by a matching `end…` tag. */
const OPENING_TAG =
  /^(?:hint|tabs|tab|content-ref|code|stepper|step|columns|column|updates|update|prompt|openapi|openapi-operation|openapi-schemas|swagger)(?:\s|$)/;

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
      // tag or before a closing one. HTML blocks and tables only end at a blank line, so those
      // keep one; so do loose list items, which would otherwise read back as tight.
      (left, right, parent) => {
        if ('spread' in parent && parent.spread === true) return undefined;
        if (left.type === 'liquidTag' && (left.opensContainer || OPENING_TAG.test(left.value))) {
          return 0;
        }
        const closes = right.type === 'liquidTag' && right.value.startsWith('end');
        if (closes && left.type !== 'html' && left.type !== 'table') return 0;
        return undefined;
      },
    ],
  };
}
