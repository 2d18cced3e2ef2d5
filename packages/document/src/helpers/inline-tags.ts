import type { ButtonInline, ColorMark, Mark } from '../types.js';
import { decodeHtmlAttribute, encodeHtmlAttribute } from './html-text.js';
import { linkRefFromUrl, linkRefToUrl } from './link-ref.js';
import { colorMark, plainMark } from './marks.js';

/**
 * The inline HTML GitBook writes in running text, tag by tag: how each opening and closing tag is
 * spelled and what it means. Reading accepts exactly the spelling the writer produces, so what is
 * modelled writes back byte for byte; anything else stays raw.
 */

const COLOR = /^<mark style="(?:color:([a-z-]+);)?(?:background-color:([a-z-]+);)?">$/;
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
  const color = COLOR.exec(html);
  if (!color || (color[1] === undefined && color[2] === undefined)) return undefined;
  return colorMark(color[1], color[2]);
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
  return openingMark(`<mark style="${style}">`) as ColorMark | undefined;
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

const ICON = /^<i class="fa-([a-z0-9-]+)">$/;

/** The icon an `<i class="fa-…">` opening tag names; its content must be `:name:`. */
export function iconName(html: string): string | undefined {
  return ICON.exec(html)?.[1];
}

/** The three pieces of an icon: opening tag, content, closing tag. */
export function iconParts(icon: string): [string, string, string] {
  return [`<i class="fa-${icon}">`, `:${icon}:`, '</i>'];
}

const LINK_BUTTON =
  /^<a href="([^"]*)" class="button (primary|secondary)"(?: data-icon="([^"]*)")?>$/;
const ACTION_BUTTON =
  /^<button type="button" class="button (primary|secondary)" data-action="([^"]*)"(?: data-query="([^"]*)")?(?: data-icon="([^"]*)")?>$/;

/** A button's data from its opening tag (everything but the label), or `undefined`. */
export function openingButton(html: string): Omit<ButtonInline['data'], 'label'> | undefined {
  const link = LINK_BUTTON.exec(html);
  if (link) {
    const [, href = '', kind, icon] = link;
    const url = decodeHtmlAttribute(href);
    if (url === undefined || url === '') return undefined;
    const data: Omit<ButtonInline['data'], 'label'> = {
      kind: kind as 'primary' | 'secondary',
      ref: linkRefFromUrl(url),
    };
    return withIcon(data, icon);
  }
  const action = ACTION_BUTTON.exec(html);
  if (!action) return undefined;
  const [, kind, name = '', query, icon] = action;
  const actionName = decodeHtmlAttribute(name);
  if (!actionName) return undefined;
  const data: Omit<ButtonInline['data'], 'label'> = {
    kind: kind as 'primary' | 'secondary',
    action: actionName,
  };
  if (query !== undefined) {
    const decoded = decodeHtmlAttribute(query);
    if (decoded === undefined) return undefined;
    data.query = decoded;
  }
  return withIcon(data, icon);
}

function withIcon<T extends { icon?: string }>(data: T, icon: string | undefined): T | undefined {
  if (icon === undefined) return data;
  const decoded = decodeHtmlAttribute(icon);
  if (decoded === undefined) return undefined;
  data.icon = decoded;
  return data;
}

/** A button's opening and closing tags; a button has either a link or an action. */
export function buttonTags(data: ButtonInline['data']): [string, string] {
  const icon = data.icon === undefined ? '' : ` data-icon="${encodeHtmlAttribute(data.icon)}"`;
  if (data.ref !== undefined) {
    const href = encodeHtmlAttribute(linkRefToUrl(data.ref));
    return [`<a href="${href}" class="button ${data.kind}"${icon}>`, '</a>'];
  }
  const query = data.query === undefined ? '' : ` data-query="${encodeHtmlAttribute(data.query)}"`;
  const action = encodeHtmlAttribute(data.action ?? '');
  return [
    `<button type="button" class="button ${data.kind}" data-action="${action}"${query}${icon}>`,
    '</button>',
  ];
}

const PICTURE_SOURCE = /^<source srcset="([^"]*)" media="\(prefers-color-scheme: dark\)">$/;
const PICTURE_IMAGE = /^<img src="([^"]*)" alt="([^"]*)">$/;

/** An inline `<picture>` from its four tags: dark source and light image; `undefined` otherwise. */
export function readPicture(
  tags: readonly string[],
): { src: string; alt?: string; srcDark: string } | undefined {
  const [open, source, image, close] = tags;
  if (open !== '<picture>' || close !== '</picture>') return undefined;
  const dark = PICTURE_SOURCE.exec(source ?? '')?.[1];
  const light = PICTURE_IMAGE.exec(image ?? '');
  if (dark === undefined || !light) return undefined;
  const [srcDark, src, alt] = [dark, light[1] ?? '', light[2] ?? ''].map(decodeHtmlAttribute);
  if (srcDark === undefined || src === undefined || alt === undefined) return undefined;
  // In the order `ImageData` lists them: keys hash the data as written.
  return alt === '' ? { src, srcDark } : { src, alt, srcDark };
}

/** The four tags of an inline `<picture>`. */
export function pictureTags(image: { src: string; srcDark: string; alt?: string }): string[] {
  return [
    '<picture>',
    `<source srcset="${encodeHtmlAttribute(image.srcDark)}" media="(prefers-color-scheme: dark)">`,
    `<img src="${encodeHtmlAttribute(image.src)}" alt="${encodeHtmlAttribute(image.alt ?? '')}">`,
    '</picture>',
  ];
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
