import { colorMark, plainMark } from '../model/marks.js';
import type { ColorMark, Mark } from '../types.js';

/**
 * The tags of the marks GitBook writes as HTML in running text, and of its heading anchors: how
 * each opening and closing tag is spelled and what it means. Reading accepts exactly the spelling
 * the writer produces, so what is modelled writes back byte for byte; anything else stays raw.
 * Whole elements (icons, buttons, pictures) are read and written by `html-inlines.ts`.
 */

const COLOR_STYLE = /^(?:color:([a-z-]+);)?(?:background-color:([a-z-]+);)?$/;
const COLOR = /^<mark style="([^"]*)">$/;
const SIMPLE_MARKS = { '<kbd>': 'keyboard', '<sup>': 'superscript', '<sub>': 'subscript' } as const;
const CLOSING = {
  color: '</mark>',
  keyboard: '</kbd>',
  superscript: '</sup>',
  subscript: '</sub>',
} as const;

/** A mark GitBook writes as an HTML element. */
export type HtmlMark = Extract<Mark, { type: keyof typeof CLOSING }>;

/** The mark an opening tag starts (`<mark style="color:red;">`, `<kbd>`, …), if any. */
export function openingMark(html: string): HtmlMark | undefined {
  if (html in SIMPLE_MARKS) {
    return plainMark(SIMPLE_MARKS[html as keyof typeof SIMPLE_MARKS]) as HtmlMark;
  }
  const style = COLOR.exec(html)?.[1];
  return style === undefined ? undefined : colorFromStyle(style);
}

/** Whether a mark is written as HTML. */
export function isHtmlMark(mark: Mark): mark is HtmlMark {
  return mark.type in CLOSING;
}

/** The opening tag of an HTML mark. */
export function openingTag(mark: HtmlMark): string {
  if (mark.type !== 'color') {
    return mark.type === 'keyboard' ? '<kbd>' : mark.type === 'superscript' ? '<sup>' : '<sub>';
  }
  return `<mark style="${colorStyle(mark)}">`;
}

/** The colour mark of a `style` attribute as GitBook writes it (`color:red;background-color:…;`). */
export function colorFromStyle(style: string): ColorMark | undefined {
  const color = COLOR_STYLE.exec(style);
  if (!color || (color[1] === undefined && color[2] === undefined)) return undefined;
  return colorMark(color[1], color[2]);
}

/** The `style` attribute GitBook writes for a colour. */
export function colorStyle(mark: ColorMark): string {
  const text = mark.data.text === undefined ? '' : `color:${mark.data.text};`;
  const background =
    mark.data.background === undefined ? '' : `background-color:${mark.data.background};`;
  return text + background;
}

/** The closing tag of an HTML mark. */
export function closingTag(mark: HtmlMark): string {
  return CLOSING[mark.type];
}

/** The closing tag matching an opening tag, for nesting counts: `<mark style=…>` → `</mark>`. */
export function closingTagFor(html: string): string | undefined {
  const name = /^<([a-z]+)[\s>]/.exec(html)?.[1];
  return name === undefined ? undefined : `</${name}>`;
}

const HEADING_ANCHOR = /^<a href="#([^"<>&]+)" id="([^"<>&]+)">$/;

/** The id of a GitBook heading anchor's opening tag (`<a href="#x" id="x">`). */
export function headingAnchor(html: string): string | undefined {
  const match = HEADING_ANCHOR.exec(html);
  return match && match[1] === match[2] ? match[1] : undefined;
}

/** A heading anchor as GitBook writes it. */
export function headingAnchorTags(anchor: string): [string, string] {
  return [`<a href="#${anchor}" id="${anchor}">`, '</a>'];
}
