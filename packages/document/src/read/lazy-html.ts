import type { Html, Paragraph, RootContent } from 'mdast';
import { htmlBlockNames, htmlRawNames } from 'micromark-util-html-tag-name';

/**
 * In a list item or quote, HTML at the margin on the line after a paragraph (`- text`, then
 * `</TabItem>`) is a lazy continuation of the paragraph in CommonMark: HTML that is not a block
 * element cannot interrupt one. micromark reads it as an HTML block of the container instead,
 * which cannot be written back next to the paragraph (it would join it), so the first write
 * would make the list loose. One such line is joined back into the paragraph here, as inline
 * HTML after a line break, as CommonMark reads it; for more lines see `hasLazyHtml`.
 */
export function joinLazyHtml(nodes: readonly RootContent[]): readonly RootContent[] {
  if (!nodes.some((node, index) => isJoinable(nodes[index - 1], node))) return nodes;
  const joined: RootContent[] = [];
  for (const node of nodes) {
    const previous = joined.at(-1);
    if (previous?.type === 'paragraph' && node.type === 'html' && isJoinable(previous, node)) {
      joined[joined.length - 1] = joinParagraph(previous, node);
    } else {
      joined.push(node);
    }
  }
  return joined;
}

function joinParagraph(paragraph: Paragraph, html: Html): Paragraph {
  const joined: Paragraph = {
    ...paragraph,
    children: [
      ...paragraph.children,
      { type: 'text', value: '\n' },
      { ...html, value: html.value.trimStart() },
    ],
  };
  const start = paragraph.position?.start;
  const end = html.position?.end;
  if (start && end) joined.position = { start, end };
  return joined;
}

/**
 * Whether a list item's blocks hold lazy HTML of several lines after a paragraph, which is not
 * joined (its later lines are Markdown to CommonMark): written back it needs a blank line after
 * the paragraph, so the list is read as loose, as it will be written.
 */
export function hasLazyHtml(nodes: readonly RootContent[]): boolean {
  return nodes.some(
    (node, index) => isLazyHtml(nodes[index - 1], node) && !isJoinable(nodes[index - 1], node),
  );
}

function isJoinable(before: RootContent | undefined, node: RootContent): boolean {
  return node.type === 'html' && !node.value.includes('\n') && isLazyHtml(before, node);
}

/** HTML on the line after a paragraph that could not have interrupted it. */
function isLazyHtml(before: RootContent | undefined, node: RootContent): boolean {
  if (before?.type !== 'paragraph' || node.type !== 'html') return false;
  const end = before.position?.end.line;
  const start = node.position?.start.line;
  return end !== undefined && start === end + 1 && !canInterruptParagraph(node.value);
}

/**
 * Whether HTML starts a block that may interrupt a paragraph: every kind but the seventh
 * (comments, processing instructions, declarations, CDATA, `<script>`-like raw elements and
 * block-level elements such as `<div>`).
 */
function canInterruptParagraph(html: string): boolean {
  const tag = /^\s*<(\/?)([A-Za-z][A-Za-z\d-]*)/.exec(html);
  if (!tag) return true;
  const name = (tag[2] ?? '').toLowerCase();
  return htmlBlockNames.includes(name) || (tag[1] === '' && htmlRawNames.includes(name));
}
