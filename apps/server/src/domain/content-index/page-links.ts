import { type Document, links } from '@quire/document';
import type { StoredLink } from '../../store/content-index.js';

/**
 * The path of the page a relative link points to, read from the page that holds it, as in a
 * folder of Markdown files: `setup.md` beside it, `../guide/` up one level, `guide/README.md`
 * the page `guide`.
 * @example resolvePagePath('guide/install', '../api/auth.md'); // 'api/auth'
 */
export function resolvePagePath(fromPath: string, target: string): string {
  let decoded = target;
  try {
    decoded = decodeURIComponent(target);
  } catch {
    // A stray `%` is read as written.
  }
  const parts = decoded.startsWith('/') ? [] : fromPath.split('/').slice(0, -1);
  for (const segment of decoded.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') parts.pop();
    else parts.push(segment);
  }
  const last = parts.at(-1);
  if (last !== undefined && /^readme\.md$/i.test(last)) parts.pop();
  else if (last !== undefined) parts[parts.length - 1] = last.replace(/\.md$/i, '');
  return parts.join('/');
}

/** The last segment of a file link: files are found by name. */
function fileName(target: string): string {
  return target.split('/').at(-1) ?? target;
}

/**
 * The links of a page body as they are stored, targets resolved from the page's path; `status`
 * is what can be told from the link alone (URLs), the rest is for the caller to resolve.
 */
export function pageLinksOf(
  pageId: string,
  pagePath: string,
  body: Document,
  appOrigin: string,
): StoredLink[] {
  return links(body, { appOrigin }).map((link, position): StoredLink => {
    const base = { pageId, position, text: link.text.slice(0, 500), anchor: '' };
    switch (link.kind) {
      case 'page':
        return {
          ...base,
          kind: 'page',
          target: resolvePagePath(pagePath, link.target),
          anchor: link.anchor ?? '',
          status: 'ok',
        };
      case 'anchor':
        return { ...base, kind: 'anchor', target: pagePath, anchor: link.target, status: 'ok' };
      case 'file':
        return { ...base, kind: 'file', target: fileName(link.target), status: 'ok' };
      case 'in-app':
        return { ...base, kind: 'in-app', target: link.target, status: 'in-app' };
      default:
        return { ...base, kind: 'external', target: link.target, status: 'ok' };
    }
  });
}
