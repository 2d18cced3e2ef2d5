import type { ImageData } from '../types.js';
import { decodeHtmlText, encodeHtmlText } from './html-text.js';

// GitBook writes `<figcaption></figcaption>` for a figure without a caption: read as caption '';
// a framed or full-width image is wrapped in a `<div>` saying so.
const FIGURE =
  /^(?:<div(?: data-with-frame="(true|false)")?(?: data-full-width="(true|false)")?>(?=<figure>.*<\/div>$))?<figure><img src="([^"<>]*)" alt="([^"<>]*)"(?: title="([^"<>]*)")?(?: width="([^"<>]*)")?>(?:<figcaption>(?:<p>([^<>]*)<\/p>|())<\/figcaption>)?<\/figure>(?:<\/div>)?$/;

/**
 * Reads an HTML block made of GitBook `<figure>` images, one per line. Returns `undefined` when
 * the HTML is anything else, or would not write back byte for byte.
 */
export function readFigures(html: string): ImageData[] | undefined {
  const images: ImageData[] = [];
  for (const line of html.split('\n')) {
    const match = FIGURE.exec(line);
    if (!match) return undefined;
    const [, frame, fullWidth, src, alt, title, width, caption, emptyCaption] = match;
    const wrapped = line.startsWith('<div');
    if (wrapped !== line.endsWith('</div>')) return undefined;
    if (wrapped && frame === undefined && fullWidth === undefined) return undefined;
    const image = decodeImage(src ?? '', alt ?? '', title, caption);
    if (!image || width === '') return undefined;
    if (emptyCaption !== undefined) image.caption = '';
    if (width !== undefined) image.width = width;
    // In the order the model lists them: keys hash the data as written.
    if (frame !== undefined) image.frame = frame === 'true';
    if (fullWidth !== undefined) image.fullWidth = fullWidth === 'true';
    images.push(image);
  }
  return images;
}

function decodeImage(
  src: string,
  alt: string,
  title: string | undefined,
  caption: string | undefined,
): ImageData | undefined {
  const decoded = [src, alt, title ?? '', caption ?? ''].map(decodeHtmlText);
  const [srcText, altText, titleText, captionText] = decoded;
  if (srcText === undefined || altText === undefined) return undefined;
  if (titleText === undefined || captionText === undefined) return undefined;
  // Empty optional attributes are written by leaving them out; anything else would not round-trip.
  if (title === '' || caption === '') return undefined;
  const image: ImageData = { src: srcText };
  if (altText) image.alt = altText;
  if (title !== undefined) image.title = titleText;
  if (caption !== undefined) image.caption = captionText;
  return image;
}

/** Writes images as GitBook `<figure>` HTML, one per line. */
export function writeFigures(images: readonly ImageData[]): string {
  return images
    .map((image) => {
      const title = image.title === undefined ? '' : ` title="${encodeHtmlText(image.title)}"`;
      const width = image.width === undefined ? '' : ` width="${encodeHtmlText(image.width)}"`;
      const caption =
        image.caption === undefined
          ? ''
          : image.caption === ''
            ? '<figcaption></figcaption>'
            : `<figcaption><p>${encodeHtmlText(image.caption)}</p></figcaption>`;
      const figure = `<figure><img src="${encodeHtmlText(image.src)}" alt="${encodeHtmlText(image.alt ?? '')}"${title}${width}>${caption}</figure>`;
      const frame = image.frame === undefined ? '' : ` data-with-frame="${image.frame}"`;
      const fullWidth =
        image.fullWidth === undefined ? '' : ` data-full-width="${image.fullWidth}"`;
      return frame || fullWidth ? `<div${frame}${fullWidth}>${figure}</div>` : figure;
    })
    .join('\n');
}

const DETAILS_OPEN = /^<details>(?:\s*<summary>([^<>]*)<\/summary>)?$/;
const SUMMARY = /^<summary>([^<>]*)<\/summary>$/;

/** The opening of an expandable: `<details>`, with its title when the summary is on it. */
export function readDetailsOpen(html: string): { title?: string } | undefined {
  const match = DETAILS_OPEN.exec(html);
  if (!match) return undefined;
  if (match[1] === undefined) return {};
  const title = decodeHtmlText(match[1]);
  return title === undefined ? undefined : { title };
}

/** The title in a `<summary>…</summary>` HTML block. */
export function readSummary(html: string): string | undefined {
  const match = SUMMARY.exec(html);
  return match?.[1] === undefined ? undefined : decodeHtmlText(match[1]);
}

/** Writes the `<summary>` of an expandable. */
export function writeSummary(title: string): string {
  return `<summary>${encodeHtmlText(title)}</summary>`;
}

/** Whether an HTML block closes an expandable. */
export function isDetailsClose(html: string): boolean {
  return html === '</details>';
}
