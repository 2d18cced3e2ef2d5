import type { PhrasingContent } from 'mdast';
import { decodeHtmlText } from '../helpers/html-text.js';
import {
  closingTag,
  closingTagFor,
  type HtmlMark,
  iconName,
  openingButton,
  openingMark,
  readPicture,
} from '../helpers/inline-tags.js';
import type { Inline } from '../types.js';

/**
 * What a run of inline HTML starting at an `html` node means. micromark reads each tag as its own
 * node, so an element is an opening tag, the nodes up to its matching closing tag, and that tag:
 * `end` is the index of the last node the element takes.
 */
export type InlineHtmlMatch =
  | { kind: 'mark'; mark: HtmlMark; end: number }
  | { kind: 'inline'; inline: Inline; end: number }
  | { kind: 'break'; end: number };

/**
 * Matches the inline HTML element that starts at `nodes[index]`, if the model has one for it;
 * `<br>` only where `breaks` allows it.
 */
export function matchInlineHtml(
  nodes: readonly PhrasingContent[],
  index: number,
  breaks: boolean,
): InlineHtmlMatch | undefined {
  const node = nodes[index];
  if (node?.type !== 'html') return undefined;
  if (node.value === '<br>') return breaks && index > 0 ? { kind: 'break', end: index } : undefined;
  const mark = openingMark(node.value);
  if (mark) {
    const end = matchingClose(nodes, index, closingTag(mark));
    // An empty element would leave nothing to carry the mark.
    return end !== undefined && end > index + 1 ? { kind: 'mark', mark, end } : undefined;
  }
  return matchIcon(nodes, index) ?? matchButton(nodes, index) ?? matchPicture(nodes, index);
}

/** Index of the tag closing the element opened at `start`, counting nested elements of its name. */
function matchingClose(
  nodes: readonly PhrasingContent[],
  start: number,
  close: string,
): number | undefined {
  let depth = 0;
  for (let index = start + 1; index < nodes.length; index++) {
    const node = nodes[index];
    if (node?.type !== 'html') continue;
    if (closingTagFor(node.value) === close) depth++;
    else if (node.value === close) {
      if (depth === 0) return index;
      depth--;
    }
  }
  return undefined;
}

/** The text of `nodes[index]` when the element is `open`, plain text, `close`. */
function elementText(
  nodes: readonly PhrasingContent[],
  index: number,
  close: string,
): string | undefined {
  const text = nodes[index + 1];
  const closing = nodes[index + 2];
  if (text?.type !== 'text' || closing?.type !== 'html' || closing.value !== close) {
    return undefined;
  }
  if (text.value === '' || text.value.includes('\n')) return undefined;
  return decodeHtmlText(text.value);
}

function matchIcon(nodes: readonly PhrasingContent[], index: number): InlineHtmlMatch | undefined {
  const open = nodes[index];
  const icon = open?.type === 'html' ? iconName(open.value) : undefined;
  if (icon === undefined || elementText(nodes, index, '</i>') !== `:${icon}:`) return undefined;
  return {
    kind: 'inline',
    inline: { object: 'inline', type: 'icon', isVoid: true, data: { icon } },
    end: index + 2,
  };
}

function matchButton(
  nodes: readonly PhrasingContent[],
  index: number,
): InlineHtmlMatch | undefined {
  const open = nodes[index];
  const button = open?.type === 'html' ? openingButton(open.value) : undefined;
  if (!button) return undefined;
  const label = elementText(nodes, index, button.ref ? '</a>' : '</button>');
  if (label === undefined || label.trim() !== label) return undefined;
  const { kind, ...target } = button;
  return {
    kind: 'inline',
    inline: { object: 'inline', type: 'button', isVoid: true, data: { kind, label, ...target } },
    end: index + 2,
  };
}

function matchPicture(
  nodes: readonly PhrasingContent[],
  index: number,
): InlineHtmlMatch | undefined {
  const tags = nodes
    .slice(index, index + 4)
    .map((node) => (node.type === 'html' ? node.value : ''));
  const picture = readPicture(tags);
  if (!picture) return undefined;
  return {
    kind: 'inline',
    inline: { object: 'inline', type: 'inline-image', isVoid: true, data: picture },
    end: index + 3,
  };
}
