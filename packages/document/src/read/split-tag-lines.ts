import type { Html, RootContent } from 'mdast';
import type { LiquidTag } from '../liquid-tag/mdast.js';

const TAG_LINE = /^\{%([\s\S]*)%\}[ \t]*$/;

/**
 * An HTML block runs until a blank line, so GitBook's `</details>` followed on the next line by
 * `{% endupdate %}` reads as one HTML block that swallows the closing tag. Tag lines inside an
 * HTML block are split out here into tag nodes of their own, so containers still pair up, when
 * what lies between them is HTML too.
 */
export function splitTagLinesOutOfHtml(nodes: readonly RootContent[]): readonly RootContent[] {
  if (!nodes.some((node) => node.type === 'html' && node.value.includes('{%'))) return nodes;
  return nodes.flatMap((node) => (node.type === 'html' ? splitHtml(node) : [node]));
}

function splitHtml(node: Html): RootContent[] {
  const lines = node.value.split('\n');
  if (!lines.some((line) => TAG_LINE.test(line))) return [node];
  // Lines between tags that do not start HTML would read as Markdown once on their own: then
  // the block is not GitBook's, and stays whole.
  const pieces = node.value.split(/^\{%.*%\}[ \t]*$/m).map((piece) => piece.trim());
  if (pieces.some((piece) => piece !== '' && !piece.startsWith('<'))) return [node];
  const firstLine = node.position?.start.line;
  const parts: RootContent[] = [];
  let html: string[] = [];
  let htmlStart = 0;
  const at = (first: number, last: number) =>
    firstLine === undefined
      ? undefined
      : {
          start: { line: firstLine + first, column: 1 },
          end: { line: firstLine + last, column: 1 },
        };
  const flush = () => {
    if (html.length === 0) return;
    const position = at(htmlStart, htmlStart + html.length - 1);
    parts.push(
      position
        ? { type: 'html', value: html.join('\n'), position }
        : { type: 'html', value: html.join('\n') },
    );
    html = [];
  };
  lines.forEach((line, index) => {
    const match = TAG_LINE.exec(line);
    if (!match) {
      if (html.length === 0) htmlStart = index;
      html.push(line);
      return;
    }
    flush();
    const tag: LiquidTag = { type: 'liquidTag', value: (match[1] ?? '').trim() };
    const position = at(index, index);
    parts.push(position ? { ...tag, position } : tag);
  });
  flush();
  return parts;
}
