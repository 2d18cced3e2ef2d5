import type { ImageData } from '@quire/document';
import type { Element } from 'hast';
import { h } from 'hastscript';
import type { RenderContext } from './context.js';
import { imageUrl } from './urls.js';

const PIXELS = /^\d+$/;

/**
 * An image, wrapped in `<picture>` with a dark-scheme source when it has a dark variant;
 * `undefined` when its source is not a URL an image may load.
 */
export function renderPicture(
  image: Pick<ImageData, 'src' | 'alt' | 'title' | 'srcDark' | 'width'>,
  context: RenderContext,
): Element | undefined {
  const src = imageUrl(image.src, context);
  if (src === undefined) return undefined;
  const img = h('img', {
    src,
    // An image without alt text is decorative to a screen reader, never announced by file name.
    alt: image.alt ?? '',
    title: image.title,
    width: image.width !== undefined && PIXELS.test(image.width) ? image.width : undefined,
    loading: 'lazy',
  });
  const dark = image.srcDark === undefined ? undefined : imageUrl(image.srcDark, context);
  if (dark === undefined) return img;
  return h('picture', [h('source', { media: '(prefers-color-scheme: dark)', srcSet: dark }), img]);
}
