import type Token from 'markdown-it/lib/token.mjs';
import type {
  Blockquote,
  Code,
  Heading,
  Html,
  List,
  ListItem,
  Nodes,
  Paragraph,
  Parent,
  PhrasingContent,
  Root,
  RootContent,
  Table,
  TableCell,
  TableRow,
  Text,
} from 'mdast';
import type { Math as MathBlock } from 'mdast-util-math';
import type { LiquidTag } from '../liquid-tag/mdast.js';
import { type BlockStart, fastTokens, type InlineSpan } from './fast-parser.js';
import { mayHoldDefinition, rawHtmlOpeners } from './top-level-blocks.js';

/**
 * Why a text is left to micromark: what markdown-it reads otherwise, or what the fast tree does
 * not build (definitions, and carriage returns, which move columns). Tabs and `[^` are left to
 * it too, but where they stand in a fenced code block (see `literalOnly`).
 */
const LEFT_TO_MICROMARK = /[\r\0]/;
/** What moves columns (a tab) or may open a footnote (`[^`), which markdown-it does not read. */
const LITERAL_ONLY = /\t|\[\^/g;
/** A line that would close a fence, but for a tab markdown-it does not skip and micromark does. */
const FENCE_LIKE = /^ {0,3}(?:`{3,}|~{3,})/;
/** Front matter, or a byte order mark, at the start. */
const OPENING_LEFT_TO_MICROMARK = /^(?:\uFEFF|---)/;

/** The text a fast tree cannot be built for (see `fastTree`). */
class NotFast extends Error {}

/**
 * The mdast micromark gives for a text (`parse.ts`), built from markdown-it's tokens, or
 * `undefined` when the text holds something micromark may read otherwise (each such case is a
 * test in `fast-tree.test.ts`). Blocks and HTML carry micromark's positions; table rows and cells
 * and other phrasing content carry none: the reader reads no others.
 * @example fastTree('# A\n')?.children[0]?.type; // 'heading'
 */
export function fastTree(markdown: string): Root | undefined {
  const leftToMicromark =
    LEFT_TO_MICROMARK.test(markdown) ||
    OPENING_LEFT_TO_MICROMARK.test(markdown) ||
    mayHoldDefinition.test(markdown);
  if (leftToMicromark) return undefined;
  try {
    return new TreeBuilder(markdown).build();
  } catch (error) {
    if (error instanceof NotFast) return undefined;
    throw error;
  }
}

type BlockParent = Root | Blockquote | List | ListItem;
type Position = NonNullable<Root['position']>;
type Point = Position['start'];

class TreeBuilder {
  private readonly lineStarts: number[] = [0];

  constructor(private readonly text: string) {
    for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) {
      this.lineStarts.push(index + 1);
    }
  }

  build(): Root {
    const tokens = fastTokens(this.text);
    this.literalOnly(tokens);
    const root: Root = { type: 'root', children: [] };
    const end = this.readBlocks(tokens, 0, tokens.length, root);
    if (end !== tokens.length) throw new NotFast();
    root.position = { start: this.point(0), end: this.point(this.text.length) };
    return root;
  }

  /** Reads the tokens from `from` into `parent` up to a closing token; answers where it stopped. */
  private readBlocks(tokens: Token[], from: number, to: number, parent: BlockParent): number {
    let index = from;
    let previousType: string | undefined;
    while (index < to) {
      const token = tokens[index] as Token;
      if (token.nesting === -1) return index;
      const [node, next] = this.readBlock(tokens, index, to);
      // micromark reads a list that may not interrupt text (`3) three`, an empty item) as text
      // after indented code, in a container opened on its line too.
      if (previousType === 'code_block') {
        const line = this.lineText(token.map?.[0] ?? 0);
        if (/^[ >*+-]*\d/.test(line) || /^[ >]*[-+*] *$/.test(line)) throw new NotFast();
      }
      previousType = token.type;
      (parent.children as RootContent[]).push(node);
      index = next;
    }
    return index;
  }

  private readBlock(tokens: Token[], index: number, to: number): [RootContent, number] {
    const token = tokens[index] as Token;
    switch (token.type) {
      case 'paragraph_open': {
        // micromark reads a lazy line of HTML after text in a container as an HTML block.
        const [first, end] = token.map ?? [0, 0];
        for (let line = first + 1; token.level > 0 && line < end; line++) {
          if (/^[ >]*</.test(this.lineText(line))) throw new NotFast();
        }
        const paragraph: Paragraph = {
          type: 'paragraph',
          children: this.phrasing(tokens[index + 1], startOf(token)),
          position: this.leafPosition(token),
        };
        return [paragraph, index + 3];
      }
      case 'heading_open': {
        const heading: Heading = {
          type: 'heading',
          depth: Number(token.tag.slice(1)) as Heading['depth'],
          children: this.phrasing(tokens[index + 1], startOf(token)),
          position: this.leafPosition(token),
        };
        return [heading, index + 3];
      }
      case 'fence':
        return [this.fence(token), index + 1];
      case 'math_block':
        return [this.math(token), index + 1];
      case 'code_block':
        return [this.indentedCode(token), index + 1];
      case 'hr':
        return [{ type: 'thematicBreak', position: this.leafPosition(token) }, index + 1];
      case 'liquid_tag': {
        const tag: LiquidTag = {
          type: 'liquidTag',
          value: token.content.slice(2, token.content.lastIndexOf('%}')).trim(),
          position: this.leafPosition(token),
        };
        return [tag, index + 1];
      }
      case 'blockquote_open':
        return this.blockquote(tokens, index, to);
      case 'bullet_list_open':
      case 'ordered_list_open':
        return this.list(tokens, index, to);
      case 'table_open':
        return this.table(tokens, index);
      case 'html_block': {
        // A raw block (`<pre>`, a comment…) left unclosed runs to its container's end, where
        // micromark keeps the line ending.
        const lines = token.content.replace(/\n$/, '').split('\n');
        for (const [opener, closer] of rawHtmlOpeners) {
          if (opener.test(lines[0] ?? '') && !closer.test(lines.at(-1) ?? '')) throw new NotFast();
        }
        // Its value and position take in its spaces beyond the container's indent.
        const { start, indent } = token.meta as BlockStart;
        const html: Html = {
          type: 'html',
          value: token.content.replace(/\n$/, ''),
          position: { start: this.point(start - indent), end: this.leafPosition(token).end },
        };
        return [html, index + 1];
      }
      default:
        // Anything markdown-it reads that micromark might read otherwise.
        throw new NotFast();
    }
  }

  private blockquote(tokens: Token[], index: number, to: number): [Blockquote, number] {
    const token = tokens[index] as Token;
    const [first, end] = token.map ?? [0, 0];
    const quote: Blockquote = { type: 'blockquote', children: [] };
    const close = this.readBlocks(tokens, index + 1, to, quote);
    // markdown-it's map of an empty quote takes in the blank line after it.
    let last = end - 1;
    while (last > first && this.lineText(last).trim() === '') last--;
    quote.position = { start: this.leafPosition(token).start, end: this.point(this.lineEnd(last)) };
    // micromark ends a list or quote in a quote at whatever follows it, a blank quoted line
    // included: only a quote ending with its only such container, without blank lines, is
    // read.
    const isContainer = (node: Nodes | undefined) =>
      node?.type === 'list' || node?.type === 'blockquote';
    const containers = quote.children.filter(isContainer).length;
    if (containers > 1 || (containers === 1 && !isContainer(quote.children.at(-1)))) {
      throw new NotFast();
    }
    for (let line = first; containers > 0 && line < end; line++) {
      if (/^[ >]*$/.test(this.lineText(line))) throw new NotFast();
    }
    return [quote, close + 1];
  }

  private list(tokens: Token[], index: number, to: number): [List, number] {
    const open = tokens[index] as Token;
    const ordered = open.type === 'ordered_list_open';
    const list: List = { type: 'list', ordered, start: null, spread: false, children: [] };
    let cursor = index + 1;
    let previousEnd: number | undefined;
    while ((tokens[cursor] as Token).type === 'list_item_open') {
      const itemOpen = tokens[cursor] as Token;
      const item: ListItem = { type: 'listItem', spread: false, checked: null, children: [] };
      const close = this.readBlocks(tokens, cursor + 1, to, item);
      const markerStart = startOf(itemOpen);
      const markerEnd = markerStart + itemOpen.markup.length + (ordered ? itemOpen.info.length : 0);
      item.position = {
        start: this.point(markerStart),
        // An empty item ends with its line, spaces after the marker included.
        end:
          copy(item.children.at(-1)?.position?.end) ??
          this.point(Math.max(markerEnd, this.lineEnd(this.point(markerStart).line - 1))),
      };
      item.spread = blankLineBetween(item.children);
      if (ordered && list.start === null) list.start = Number(itemOpen.info);
      const startLine = item.position.start.line;
      if (previousEnd !== undefined && startLine - previousEnd > 1) list.spread = true;
      previousEnd = item.position.end.line;
      this.checkTask(item, markerStart);
      list.children.push(item);
      cursor = close + 1;
    }
    const first = list.children[0]?.position?.start;
    const last = list.children.at(-1)?.position?.end;
    if (first === undefined || last === undefined) throw new NotFast();
    list.position = { start: { ...first }, end: { ...last } };
    // Right below a line of text micromark reads such a list as that text's continuation, even
    // in a container opened on its own line (`> 3) three`), where CommonMark starts a list.
    const interruptsText = first.line > 1 && !/^[ >]*$/.test(this.lineText(first.line - 2));
    const mayNotInterrupt =
      (ordered && list.start !== 1) || list.children[0]?.children.length === 0;
    if (interruptsText && mayNotInterrupt) throw new NotFast();
    // `cursor` is at the list's closing token.
    return [list, cursor + 1];
  }

  /**
   * GFM's task marker (`[ ]`, `[x]`) opening an item's first paragraph, followed by whitespace and
   * more, as micromark reads it: the marker and the one whitespace character after it are taken
   * off the text, and the paragraph then starts one column past the marker (on its line).
   */
  private checkTask(item: ListItem, markerStart: number): void {
    const [paragraph] = item.children;
    if (paragraph?.type !== 'paragraph' || paragraph.position === undefined) return;
    const head = paragraph.children[0];
    if (head?.type !== 'text' || !/^\[[ xX]\][ \n]/.test(head.value)) return;
    // Whitespace only after the marker is trimmed off the paragraph: no task then.
    if (!/\S/.test(head.value.slice(4)) && paragraph.children.length === 1) return;
    const start = paragraph.position.start;
    if (start.line !== this.point(markerStart).line) return;
    item.checked = head.value[1] !== ' ';
    head.value = head.value.slice(4);
    if (head.value === '') {
      paragraph.children.shift();
      return;
    }
    paragraph.position.start = {
      line: start.line,
      column: start.column + 4,
      offset: (start.offset ?? 0) + 4,
    };
  }

  private table(tokens: Token[], index: number): [Table, number] {
    const open = tokens[index] as Token;
    const table: Table = { type: 'table', align: [], children: [] };
    let cursor = index + 1;
    let columns: number | undefined;
    for (; (tokens[cursor] as Token).type !== 'table_close'; cursor++) {
      const token = tokens[cursor] as Token;
      if (token.type !== 'tr_open') continue;
      const row: TableRow = { type: 'tableRow', children: [] };
      const heading = table.children.length === 0;
      let cellsFrom = this.lineStarts[token.map?.[0] ?? 0] ?? 0;
      for (cursor++; (tokens[cursor] as Token).type !== 'tr_close'; cursor += 3) {
        const cellOpen = tokens[cursor] as Token;
        const content = tokens[cursor + 1];
        const cell: TableCell = { type: 'tableCell', children: this.phrasing(content, cellsFrom) };
        // A cell not found as written (an escaped pipe in it) leaves the rest of the row
        // unpositioned: reading on from the row's end, no later cell is found on the line.
        const rowEnd = this.lineEnd(token.map?.[0] ?? 0);
        const at = this.text.slice(cellsFrom, rowEnd).indexOf(content?.content ?? '');
        cellsFrom = at === -1 ? rowEnd : cellsFrom + at + (content?.content.length ?? 0);
        row.children.push(cell);
        if (heading) table.align?.push(alignOf(cellOpen));
      }
      columns ??= row.children.length;
      // markdown-it pads and cuts rows to the heading's cells; mdast keeps them as written.
      if (token.map === null || this.cellsOnLine(token.map[0]) !== columns) throw new NotFast();
      table.children.push(row);
    }
    table.position = this.leafPosition(open);
    // Right below another block, micromark may read the rows as text (after a list, say).
    const above = (open.map?.[0] ?? 0) - 1;
    if (above >= 0 && !/^[ >]*$/.test(this.lineText(above))) throw new NotFast();
    return [table, cursor + 1];
  }

  /**
   * Refuses a tab or a `[^` anywhere but in the lines of a closed fenced code block opened at a
   * line's start at the top level: both readers take those lines as they are.
   */
  private literalOnly(tokens: Token[]): void {
    if (this.text.search(LITERAL_ONLY) === -1) return;
    const literal = new Set<number>();
    for (const token of tokens) {
      if (token.type !== 'fence' || token.level !== 0 || token.map === null) continue;
      const [opening, end] = token.map;
      if (!isClosed(token) || !this.text.startsWith(token.markup, this.lineStarts[opening])) {
        continue;
      }
      for (let line = opening + 1; line < end - 1; line++) literal.add(line);
    }
    for (const found of this.text.matchAll(LITERAL_ONLY)) {
      const line = this.point(found.index).line - 1;
      if (!literal.has(line) || FENCE_LIKE.test(this.lineText(line))) throw new NotFast();
    }
  }

  /** The cells a table row's line holds: its unescaped pipes, outer ones aside. */
  private cellsOnLine(line: number): number {
    const text = this.lineText(line).trim();
    const pipes = text.match(/(?<!\\)\|/g)?.length ?? 0;
    const outer = (text.startsWith('|') ? 1 : 0) + (/(?<!\\)\|$/.test(text) ? 1 : 0);
    return pipes - outer + 1;
  }

  private fence(token: Token): Code {
    if (!isClosed(token)) throw new NotFast();
    // micromark keeps some trailing spaces of the meta.
    if (/\s$/.test(token.info)) throw new NotFast();
    const info = token.info.trim();
    if (/[\\&`]/.test(info)) throw new NotFast();
    const split = /^(\S+)(?:\s+([\s\S]*))?$/.exec(info);
    return {
      type: 'code',
      lang: split?.[1] ?? null,
      meta: split?.[2] ? split[2] : null,
      value: token.content.slice(0, -1),
      position: this.leafPosition(token),
    };
  }

  private math(token: Token): MathBlock {
    // GitBook writes no meta after `$$`; micromark keeps some of its spaces.
    if (!isClosed(token) || token.info !== '') throw new NotFast();
    const value = token.content.slice(0, -1);
    return {
      type: 'math',
      meta: null,
      value,
      data: {
        hName: 'pre',
        hChildren: [
          {
            type: 'element',
            tagName: 'code',
            properties: { className: ['language-math', 'math-display'] },
            children: [{ type: 'text', value }],
          },
        ],
      },
      position: this.leafPosition(token),
    };
  }

  private indentedCode(token: Token): Code {
    const [first] = token.map ?? [0];
    const start = this.lineStarts[first] ?? 0;
    // Only at the top level: in a container micromark starts it past the container's prefix.
    if ((token.meta as BlockStart).start - start !== 4 || token.level !== 0) throw new NotFast();
    const position = this.leafPosition(token);
    position.start = this.point(start);
    // micromark ends it after a following line of spaces only, and reads some lines right after
    // it (`3) three`) as paragraph continuations: only code followed by an empty line is read.
    const next = token.map?.[1] ?? 0;
    if (next < this.lineStarts.length && this.lineText(next) !== '') throw new NotFast();
    return { type: 'code', lang: null, meta: null, value: token.content.slice(0, -1), position };
  }

  /** A block from its recorded start to the end of its last line. */
  private leafPosition(token: Token): Position {
    if (token.map === null || token.meta === null) throw new NotFast();
    return {
      start: this.point((token.meta as BlockStart).start),
      end: this.point(this.lineEnd(token.map[1] - 1)),
    };
  }

  /**
   * The phrasing content of an inline token whose text starts on the line of `from`, at `from` or
   * after it: inline HTML is positioned when the token's content is the text there, as it is
   * on a line of its own (not in a container's later lines).
   */
  private phrasing(token: Token | undefined, from: number): PhrasingContent[] {
    if (token?.type !== 'inline') throw new NotFast();
    const children = token.children ?? [];
    // markdown-it turns a code span's line endings into spaces, micromark keeps them.
    if (token.content.includes('\n')) {
      for (const child of children) {
        if (child.type === 'code_inline' && !token.content.includes(child.content)) {
          throw new NotFast();
        }
      }
    }
    let start: number | undefined;
    return readInline(children, (span) => {
      start ??= this.foundOnLine(token.content, from);
      return { start: this.point(start + span.start), end: this.point(start + span.end) };
    });
  }

  /**
   * Where `content` is written in the text, starting on the line of `from` at `from` or after it.
   * Only that line is searched, so a page of such searches takes time in proportion to its size.
   */
  private foundOnLine(content: string, from: number): number {
    const lineEnd = this.lineEnd(this.point(from).line - 1);
    const newline = content.indexOf('\n');
    const firstLine = newline === -1 ? content : content.slice(0, newline);
    const at = this.text.slice(from, lineEnd).indexOf(firstLine);
    if (at === -1 || !this.text.startsWith(content, from + at)) throw new NotFast();
    return from + at;
  }

  private lineEnd(line: number): number {
    const next = this.lineStarts[line + 1];
    return next === undefined ? this.text.length : next - 1;
  }

  private lineText(line: number): string {
    return this.text.slice(this.lineStarts[line] ?? 0, this.lineEnd(line));
  }

  private point(offset: number): Point {
    let low = 0;
    let high = this.lineStarts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((this.lineStarts[middle] ?? 0) <= offset) low = middle;
      else high = middle - 1;
    }
    return { line: low + 1, column: offset - (this.lineStarts[low] ?? 0) + 1, offset };
  }
}

/**
 * Whether a code or math fence has its closing line: its lines hold the opening, the content and
 * the closing. An unclosed fence runs to its container's end, which micromark positions otherwise.
 */
function isClosed(fence: Token): boolean {
  const [first, end] = fence.map ?? [0, 0];
  const contentLines = fence.content === '' ? 0 : fence.content.split('\n').length - 1;
  return contentLines === end - first - 2;
}

function copy(point: Point | undefined): Point | undefined {
  return point && { ...point };
}

function startOf(token: Token): number {
  if (token.meta === null) throw new NotFast();
  return (token.meta as BlockStart).start;
}

/** Whether a blank line separates two of an item's blocks (micromark's `spread` of an item). */
function blankLineBetween(children: readonly Nodes[]): boolean {
  for (let index = 1; index < children.length; index++) {
    const end = children[index - 1]?.position?.end.line;
    const start = children[index]?.position?.start.line;
    if (end !== undefined && start !== undefined && start - end > 1) return true;
  }
  return false;
}

function alignOf(cell: Token): Table['align'] extends (infer A)[] | null | undefined ? A : never {
  const style = cell.attrGet('style') ?? '';
  const align = /text-align:(left|right|center)/.exec(style)?.[1];
  return (align as 'left' | 'right' | 'center' | undefined) ?? null;
}

/** Phrasing content from markdown-it's inline tokens, adjacent text joined as micromark does. */
function readInline(
  tokens: Token[],
  positionOf: (span: InlineSpan) => Position,
): PhrasingContent[] {
  const stack: { children: PhrasingContent[] }[] = [{ children: [] }];
  const top = () => stack.at(-1) as { children: PhrasingContent[] };
  const addText = (value: string) => {
    const siblings = top().children;
    const last = siblings.at(-1);
    if (last?.type === 'text') last.value += value;
    else if (value !== '') siblings.push({ type: 'text', value } satisfies Text);
  };
  const open = (node: PhrasingContent & Parent) => {
    top().children.push(node);
    stack.push(node as { children: PhrasingContent[] });
  };
  for (const token of tokens) {
    switch (token.type) {
      case 'text':
      case 'text_special':
        // A tilde left in text is one GFM reads as strikethrough and markdown-it does not.
        if (token.content.includes('~')) throw new NotFast();
        addText(token.content);
        break;
      case 'softbreak':
        addText('\n');
        break;
      case 'hardbreak':
        top().children.push({ type: 'break' });
        break;
      case 'code_inline':
        top().children.push({ type: 'inlineCode', value: token.content });
        break;
      case 'math_inline': {
        const value = withoutPadding(token.content);
        top().children.push({
          type: 'inlineMath',
          value,
          data: {
            hName: 'code',
            hProperties: { className: ['language-math', 'math-inline'] },
            hChildren: [{ type: 'text', value }],
          },
        });
        break;
      }
      case 'em_open':
        open({ type: 'emphasis', children: [] });
        break;
      case 'strong_open':
        open({ type: 'strong', children: [] });
        break;
      case 's_open':
        open({ type: 'delete', children: [] });
        break;
      case 'link_open':
        open({
          type: 'link',
          url: token.attrGet('href') ?? '',
          title: token.attrGet('title'),
          children: [],
        });
        break;
      case 'em_close':
      case 'strong_close':
      case 's_close':
      case 'link_close':
        stack.pop();
        break;
      case 'image':
        top().children.push({
          type: 'image',
          url: token.attrGet('src') ?? '',
          title: token.attrGet('title'),
          alt: plainText(token.children ?? []),
        });
        break;
      case 'html_inline':
        top().children.push({
          type: 'html',
          value: token.content,
          position: positionOf(token.meta as InlineSpan),
        });
        break;
      default:
        throw new NotFast();
    }
  }
  if (stack.length !== 1) throw new NotFast();
  return top().children;
}

/** A code span's or formula's content, one space or line ending off each side of padded text. */
function withoutPadding(content: string): string {
  const padded = /^[ \n][\s\S]*[ \n]$/.test(content) && /[^ \n]/.test(content);
  return padded ? content.slice(1, -1) : content;
}

/** An image's description as text, as mdast keeps it. */
function plainText(tokens: Token[]): string {
  let text = '';
  for (const token of tokens) {
    const textual = token.type === 'text' || token.type === 'text_special';
    if (textual || token.type === 'code_inline') text += token.content;
    else if (token.type === 'math_inline') text += withoutPadding(token.content);
    else if (token.type === 'softbreak') text += '\n';
    else if (token.type === 'image') text += plainText(token.children ?? []);
    else if (token.type === 'html_inline') throw new NotFast();
  }
  return text;
}
