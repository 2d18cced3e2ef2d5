import { posix } from 'node:path';
import type { RevisionPage, SiteContent } from './published-reads.js';
import { findPage, pageHref } from './site-navigation.js';

/**
 * How the renderer finds other pages from this one: a page reference is a path to a Markdown
 * file relative to this page's own file (`path.md`, or `path/README.md` for a page with
 * children), as GitBook writes them. A reference to no page of the space resolves to nothing,
 * so its text shows without a link.
 * @example pageUrlResolver(pages, content, page)('../setup.md', 'install'); // '/s/site/setup#install'
 */
export function pageUrlResolver(
  pages: readonly RevisionPage[],
  content: SiteContent,
  current: RevisionPage,
) {
  const currentPath = 'path' in current ? current.path : '';
  const hasChildren = 'pages' in current && current.pages.length > 0;
  const directory = hasChildren ? currentPath : posix.dirname(currentPath);
  return (reference: string, anchor: string | undefined): string | undefined => {
    const [file = ''] = reference.split('#');
    const target = posix
      .normalize(posix.join(directory === '.' ? '' : directory, decodeURIComponentSafely(file)))
      .replace(/\.md$/i, '')
      .replace(/(^|\/)README$/i, '')
      .replace(/^\.\/?|\/$/g, '');
    const page = findPage(pages, (item) => 'path' in item && item.path === target);
    if (page === undefined || !('path' in page)) return undefined;
    const href = pageHref(content, page.path);
    return anchor === undefined ? href : `${href}#${encodeURIComponent(anchor)}`;
  };
}

/** How the renderer finds a file of the space: by its name, wherever the reference puts it. */
export function fileUrlResolver(fileUrls: ReadonlyMap<string, string>) {
  return (reference: string): string | undefined => {
    const name = posix.basename(decodeURIComponentSafely(reference.split(/[?#]/)[0] ?? ''));
    return fileUrls.get(name);
  };
}

function decodeURIComponentSafely(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
