import {
  type ContentRefBlock,
  type EmbedBlock,
  type FileBlock,
  linkRefFromUrl,
  type PageRefBlock,
} from '@quire/document';
import type { Element } from 'hast';
import { h } from 'hastscript';
import type { RenderContext } from '../context.js';
import { fileUrl, linkRefUrl, safeUrl } from '../urls.js';
import { renderBlocks } from './index.js';

/**
 * An embed as a link to what it embeds: an iframe would run another site's code in the page, so
 * turning known hosts into players is left to the site.
 */
export function renderEmbed(block: EmbedBlock): Element {
  const { url, caption } = block.data;
  const href = safeUrl(url);
  return h('figure', { className: ['embed'] }, [
    href === undefined ? h('span', url) : h('a', { href, className: ['embed-link'] }, url),
    caption ? h('figcaption', caption) : undefined,
  ]);
}

function fileName(source: string): string {
  return source.split('/').pop() || source;
}

/** A file to download, named by its caption or its file name. */
export function renderFile(block: FileBlock, context: RenderContext): Element {
  const { src, caption } = block.data;
  const label = caption || fileName(src);
  const href = fileUrl(src, context);
  return h('div', { className: ['file'] }, [
    href === undefined ? h('span', label) : h('a', { href, download: true }, label),
  ]);
}

/** A card linking to a page or URL; GitBook writes the link inside it, which is rendered as is. */
export function renderContentRef(block: ContentRefBlock, context: RenderContext): Element {
  if (block.nodes.length > 0) {
    return h('div', { className: ['content-ref'] }, renderBlocks(block.nodes, context));
  }
  const href = linkRefUrl(linkRefFromUrl(block.data.url), context);
  return h('div', { className: ['content-ref'] }, [
    h('p', href === undefined ? block.data.url : h('a', { href }, block.data.url)),
  ]);
}

/** An older page card: a link to the page, its path as text when it does not resolve. */
export function renderPageRef(block: PageRefBlock, context: RenderContext): Element {
  const { page } = block.data;
  const href = linkRefUrl(linkRefFromUrl(page), context);
  return h('div', { className: ['content-ref', 'page-ref'] }, [
    h('p', href === undefined ? page : h('a', { href }, page)),
  ]);
}
