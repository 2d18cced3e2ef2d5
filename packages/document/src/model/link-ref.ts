import type { LinkRef } from '../types.js';

const HAS_SCHEME = /^[a-z][a-z\d+.-]*:/i;
const PAGE_PATH = /(?:\.md|\/)$/i;
const HAS_EXTENSION = /\.[a-z\d]+$/i;

/**
 * Classifies a Markdown link destination: `#x` is an anchor, a relative path to a `.md` file (or
 * a folder, or a path without extension) is a page, another relative path is a file, anything
 * else (absolute, root-relative, with a query) is a URL. `linkRefToUrl` inverts it exactly.
 *
 * @example
 * linkRefFromUrl('guide/setup.md#install'); // { kind: 'page', page: 'guide/setup.md', anchor: 'install' }
 */
export function linkRefFromUrl(url: string): LinkRef {
  if (url.startsWith('#')) return { kind: 'anchor', anchor: url.slice(1) };
  if (url === '' || HAS_SCHEME.test(url) || url.startsWith('/') || url.includes('?')) {
    return { kind: 'url', url };
  }
  const hash = url.indexOf('#');
  const path = hash === -1 ? url : url.slice(0, hash);
  if (PAGE_PATH.test(path) || !HAS_EXTENSION.test(path)) {
    return hash === -1
      ? { kind: 'page', page: path }
      : { kind: 'page', page: path, anchor: url.slice(hash + 1) };
  }
  return hash === -1 ? { kind: 'file', file: path } : { kind: 'url', url };
}

/** Writes a link reference back as a Markdown link destination. */
export function linkRefToUrl(ref: LinkRef): string {
  switch (ref.kind) {
    case 'url':
      return ref.url;
    case 'anchor':
      return `#${ref.anchor}`;
    case 'file':
      return ref.file;
    case 'page':
      return ref.anchor === undefined ? ref.page : `${ref.page}#${ref.anchor}`;
  }
}
