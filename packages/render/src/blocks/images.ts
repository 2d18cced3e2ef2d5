import type { ImageBlock, ImagesBlock } from '@quire/document';
import type { Element, ElementContent } from 'hast';
import { h } from 'hastscript';
import type { RenderContext } from '../context.js';
import { renderPicture } from '../images.js';

const PERCENT = /^\d+(?:\.\d+)?%$/;

function renderImage(image: ImageBlock, context: RenderContext): ElementContent | undefined {
  const { data } = image;
  const picture = renderPicture(data, context);
  // An image whose source is refused still says what it showed.
  const content =
    picture ?? (data.alt ? h('span', { className: ['image-alt'] }, data.alt) : undefined);
  if (content === undefined) return undefined;
  const className = [
    data.align === undefined ? undefined : `align-${data.align}`,
    data.frame === true ? 'frame' : undefined,
    data.fullWidth === true ? 'full-width' : undefined,
  ].filter((name) => name !== undefined);
  const style =
    data.width !== undefined && PERCENT.test(data.width) ? `width:${data.width}` : undefined;
  if (data.caption === undefined && className.length === 0 && style === undefined) return content;
  return h('figure', { className, style }, [
    content,
    data.caption ? h('figcaption', data.caption) : undefined,
  ]);
}

/** A row of images; an image with a caption, alignment or frame is a `<figure>`. */
export function renderImages(block: ImagesBlock, context: RenderContext): Element {
  return h(
    'div',
    { className: ['images'] },
    block.nodes.map((image) => renderImage(image, context)),
  );
}
