import type { Element, ElementContent, Properties } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { toHtml } from 'hast-util-to-html';
import type { ImageAlign, ImageData } from '../types.js';
import { element, readBoolean } from './hast.js';

/*
 * GitBook writes block images it cannot write as `![alt](src)` as one line of HTML each, made by
 * hast-util-to-html (hexadecimal character references such as `&#x26;`, `"` left alone in text):
 *
 *   <figure><img src alt [title] [width]>[<figcaption>[<p>caption</p>]</figcaption>]</figure>
 *   <div data-with-frame="…" data-full-width="…"><figure>…</figure></div>
 *   <div align="left|center|right"><img …></div>, or <figure> inside when it has a caption
 *
 * and a dark-mode variant as `<picture><source srcset="dark" media="(prefers-color-scheme: dark)">
 * <img src="light" …></picture>` in place of the `<img>`; alone (no caption, frame or alignment)
 * that picture is a paragraph of its own. Lines are parsed with a real HTML parser and modelled
 * only when writing the model gives the line back byte for byte.
 */

const DARK_MODE = '(prefers-color-scheme: dark)';
const ALIGNS: readonly ImageAlign[] = ['left', 'center', 'right'];

/**
 * Reads an HTML block made of GitBook figures, one per line. Returns `undefined` when the HTML is
 * anything else, or would not write back byte for byte.
 */
export function readFigures(html: string): ImageData[] | undefined {
  if (!/^<(?:figure|div)[\s>]/.test(html)) return undefined;
  const images: ImageData[] = [];
  for (const line of html.split('\n')) {
    const image = readImageHtml(line);
    if (!image || writeFigure(image) !== line) return undefined;
    images.push(image);
  }
  return images;
}

/** Writes images as GitBook figure HTML, one per line. */
export function writeFigures(images: readonly ImageData[]): string {
  return images.map(writeFigure).join('\n');
}

/**
 * Reads a dark-mode `<picture>` written alone, as GitBook writes a block image with a dark
 * variant and nothing else; `undefined` unless it writes back byte for byte.
 */
export function readPicture(html: string): ImageData | undefined {
  if (!html.startsWith('<picture>')) return undefined;
  const image = readImageHtml(html);
  return image && isPictureOnly(image) && writePicture(image) === html ? image : undefined;
}

/** Writes a block image that has a dark variant and nothing else as a lone `<picture>`. */
export function writePicture(image: ImageData): string {
  return toHtml(imageElement(image));
}

/** Whether an image is written as a lone `<picture>`: a dark variant, no figure attribute. */
export function isPictureOnly(image: ImageData): boolean {
  return (
    image.srcDark !== undefined &&
    image.caption === undefined &&
    image.width === undefined &&
    image.frame === undefined &&
    image.fullWidth === undefined &&
    image.align === undefined
  );
}

function writeFigure(image: ImageData): string {
  const core = imageElement(image);
  const figure = () => element('figure', {}, [core, ...captionElements(image.caption)]);
  const wrapper: Properties = {};
  if (image.align !== undefined) wrapper.align = image.align;
  if (image.frame !== undefined) wrapper.dataWithFrame = String(image.frame);
  if (image.fullWidth !== undefined) wrapper.dataFullWidth = String(image.fullWidth);
  // An aligned image without a caption is written bare, as GitBook does.
  const inner = image.align !== undefined && image.caption === undefined ? core : figure();
  const line = Object.keys(wrapper).length > 0 ? element('div', wrapper, [inner]) : inner;
  return toHtml(line);
}

/** An image as GitBook's HTML: `<img>`, or `<picture>` around it for a dark variant. */
export function imageElement(image: ImageData): Element {
  const properties: Properties = { src: image.src, alt: image.alt ?? '' };
  if (image.title !== undefined) properties.title = image.title;
  if (image.width !== undefined) properties.width = image.width;
  const img = element('img', properties, []);
  if (image.srcDark === undefined) return img;
  const source = element('source', { srcSet: image.srcDark, media: DARK_MODE }, []);
  return element('picture', {}, [source, img]);
}

function captionElements(caption: string | undefined): Element[] {
  if (caption === undefined) return [];
  const text: ElementContent[] = caption === '' ? [] : [{ type: 'text', value: caption }];
  return [element('figcaption', {}, caption === '' ? [] : [element('p', {}, text)])];
}

/** The image data of one line of figure HTML, by its shape; the caller checks the bytes. */
function readImageHtml(html: string): ImageData | undefined {
  const [node, ...rest] = fromHtml(html, { fragment: true }).children;
  if (node?.type !== 'element' || rest.length > 0) return undefined;
  let wrapper: Properties = {};
  let inner: Element | undefined = node;
  if (node.tagName === 'div') {
    wrapper = node.properties;
    inner = onlyElement(node.children);
  }
  let caption: string | undefined;
  let core = inner;
  if (inner?.tagName === 'figure') {
    const [first, figcaption, ...others] = inner.children;
    if (first?.type !== 'element' || others.length > 0) return undefined;
    core = first;
    if (figcaption !== undefined) {
      caption = readCaption(figcaption);
      if (caption === undefined) return undefined;
    }
  }
  const image = core && readImageElement(core);
  if (!image) return undefined;
  return withOptional(image, caption, wrapper);
}

/** An `<img>`, or a `<picture>` with a dark-mode source around one, as image data. */
export function readImageElement(node: Element): ImageData | undefined {
  if (node.tagName === 'img') return readImg(node);
  if (node.tagName !== 'picture') return undefined;
  const [source, img, ...rest] = node.children;
  if (source?.type !== 'element' || img?.type !== 'element' || rest.length > 0) return undefined;
  const { srcSet, media } = source.properties;
  if (source.tagName !== 'source' || media !== DARK_MODE || typeof srcSet !== 'string')
    return undefined;
  const image = img.tagName === 'img' ? readImg(img) : undefined;
  return image && srcSet !== '' ? { ...image, srcDark: srcSet } : undefined;
}

function readImg(node: Element): ImageData | undefined {
  const { src, alt, title, width } = node.properties;
  if (typeof src !== 'string' || typeof alt !== 'string') return undefined;
  // Empty optional attributes are written by leaving them out; anything else would not round-trip.
  if (title === '' || width === '') return undefined;
  const image: ImageData = { src };
  if (alt !== '') image.alt = alt;
  if (typeof title === 'string') image.title = title;
  if (typeof width === 'string' || typeof width === 'number') image.width = String(width);
  return image;
}

/** `<figcaption></figcaption>` is `''`; `<figcaption><p>text</p></figcaption>` is the text. */
function readCaption(node: ElementContent): string | undefined {
  if (node.type !== 'element' || node.tagName !== 'figcaption') return undefined;
  if (node.children.length === 0) return '';
  const paragraph = onlyElement(node.children);
  const [text, ...rest] = paragraph?.tagName === 'p' ? paragraph.children : [];
  return text?.type === 'text' && rest.length === 0 ? text.value : undefined;
}

/** Adds the optional fields in the order the model lists them: keys hash the data as written. */
function withOptional(
  image: ImageData,
  caption: string | undefined,
  wrapper: Properties,
): ImageData | undefined {
  const { srcDark, width, ...rest } = image;
  const result: ImageData = { ...rest };
  if (caption !== undefined) result.caption = caption;
  if (width !== undefined) result.width = width;
  const { align, dataWithFrame, dataFullWidth } = wrapper;
  const frame = readBoolean(dataWithFrame);
  const fullWidth = readBoolean(dataFullWidth);
  if (frame === null || fullWidth === null) return undefined;
  if (frame !== undefined) result.frame = frame;
  if (fullWidth !== undefined) result.fullWidth = fullWidth;
  if (srcDark !== undefined) result.srcDark = srcDark;
  if (align !== undefined) {
    const known = ALIGNS.find((value) => value === align);
    if (known === undefined) return undefined;
    result.align = known;
  }
  return result;
}

/** `"true"` / `"false"` → boolean, absent → `undefined`, anything else → `null`. */
function onlyElement(nodes: readonly ElementContent[]): Element | undefined {
  const [node, ...rest] = nodes;
  return node?.type === 'element' && rest.length === 0 ? node : undefined;
}
