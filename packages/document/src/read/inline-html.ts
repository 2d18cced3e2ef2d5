import type { PhrasingContent } from 'mdast';
import { isHtmlOnlyInline, readHtmlInline } from '../html/inlines.js';
import { closingTag, closingTagFor, type HtmlMark, openingMark } from '../html/mark-tags.js';
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
 * `<br>` only where `breaks` allows it. An element that is an inline (an icon, a button, a
 * picture) is read from its `source` text by the reader of GitBook's HTML.
 */
export function matchInlineHtml(
  nodes: readonly PhrasingContent[],
  index: number,
  source: string,
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
  const close = closingTagFor(node.value);
  const end = close === undefined ? undefined : matchingClose(nodes, index, close);
  const from = node.position?.start.offset;
  const to = end === undefined ? undefined : nodes[end]?.position?.end.offset;
  if (end === undefined || from === undefined || to === undefined) return undefined;
  const inline = readHtmlInline(source.slice(from, to));
  return inline && isHtmlOnlyInline(inline) ? { kind: 'inline', inline, end } : undefined;
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
