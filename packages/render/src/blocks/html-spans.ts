import type { Block } from '@quire/document';
import type { Element, ElementContent } from 'hast';
import { sanitizeHtmlAround } from '../sanitize.js';
import { rawHtmlOf } from './raw.js';

/**
 * HTML written around Markdown: a raw block that only opens an element (`<details>`), the blocks
 * after it, and the raw block that closes it (`</details>`). The model keeps each piece apart;
 * sanitized apart, the element would close at once and its content fall out of it.
 */
export interface HtmlSpan {
  /** The raw blocks and the Markdown blocks between them, in order. */
  parts: Block[];
}

// A raw block that is one opening tag, alone: `<details>`, `<div align="center">`.
const LONE_OPENING = /^<([a-z][a-z\d-]*)(?:\s[^<>]*)?>$/i;

function rawHtml(block: Block): string | undefined {
  return block.type === 'raw' ? rawHtmlOf(block) : undefined;
}

/** The index of the raw block that closes the element `blocks[start]` opens, if any. */
function closingIndex(blocks: readonly Block[], start: number, tag: string): number | undefined {
  const opening = new RegExp(`^<${tag}(?:[\\s>])`, 'i');
  const closing = new RegExp(`</${tag}\\s*>\\s*$`, 'i');
  let depth = 0;
  for (let index = start; index < blocks.length; index += 1) {
    const html = rawHtml(blocks[index] as Block);
    if (html === undefined) continue;
    if (opening.test(html) && !closing.test(html)) depth += 1;
    else if (closing.test(html) && !opening.test(html)) depth -= 1;
    if (depth === 0) return index;
  }
  return undefined;
}

/**
 * The blocks with each element written around Markdown gathered into one span; an opening tag
 * that is never closed stays a raw block of its own.
 */
export function gatherHtmlSpans(blocks: readonly Block[]): (Block | HtmlSpan)[] {
  const gathered: (Block | HtmlSpan)[] = [];
  for (let index = 0; index < blocks.length; index += 1) {
    const block = blocks[index] as Block;
    const tag = LONE_OPENING.exec(rawHtml(block) ?? '')?.[1];
    const end = tag === undefined ? undefined : closingIndex(blocks, index, tag);
    if (end === undefined || end === index) {
      gathered.push(block);
      continue;
    }
    gathered.push({ parts: blocks.slice(index, end + 1) });
    index = end;
  }
  return gathered;
}

/**
 * A span as one piece of HTML: its raw pieces joined and sanitized together, each Markdown block
 * rendered in the place it held among them (it is rendered safely already, and sanitizing it
 * again would strip its highlighting and formulas).
 */
export function renderHtmlSpan(
  span: HtmlSpan,
  renderBlock: (block: Block) => ElementContent[],
): ElementContent[] {
  const rendered: ElementContent[][] = [];
  const html = span.parts
    .map((part) => {
      const raw = rawHtml(part);
      if (raw !== undefined) return raw;
      rendered.push(renderBlock(part));
      return `<quire-slot data-slot="${rendered.length - 1}"></quire-slot>`;
    })
    .join('\n');
  return fillSlots(sanitizeHtmlAround(html), rendered);
}

function fillSlots(nodes: ElementContent[], rendered: ElementContent[][]): ElementContent[] {
  return nodes.flatMap((node) => {
    if (node.type !== 'element') return [node];
    if (node.tagName === 'quire-slot') return rendered[Number(node.properties.dataSlot)] ?? [];
    const element: Element = { ...node, children: fillSlots(node.children, rendered) };
    return [element];
  });
}
