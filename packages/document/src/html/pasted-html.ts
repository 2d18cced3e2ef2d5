import { fromHtml } from 'hast-util-from-html';
import { toMdast } from 'hast-util-to-mdast';
import type { Nodes, RootContent } from 'mdast';
import { serializeMarkdownTree } from '../markdown/serialize.js';

/**
 * HTML another application or a web page put on the clipboard, as the Markdown of what it says:
 * headings, paragraphs and marks, lists, quotes, code, tables, links and images, read as
 * `markdownToDocument` then reads any page. Nothing in it can run: scripts, styles and event
 * handlers have no Markdown, and a link or image whose URL is not http(s), mailto or relative
 * (`javascript:`, `data:`) keeps only its text.
 * @example htmlToMarkdown('<h2>Steps</h2><ul><li>one</li></ul>') // '## Steps\n\n* one\n'
 */
export function htmlToMarkdown(html: string): string {
  const tree = toMdast(fromHtml(html, { fragment: true }));
  return serializeMarkdownTree(withSafeUrls(tree));
}

const safeProtocols = new Set(['http:', 'https:', 'mailto:']);

/** Whether a URL is relative, or absolute with a protocol that only ever navigates. */
function isSafeUrl(url: string): boolean {
  const trimmed = url.trim();
  if (!/^[a-z][a-z\d+.-]*:/i.test(trimmed)) return true;
  try {
    return safeProtocols.has(new URL(trimmed).protocol);
  } catch {
    return false;
  }
}

function withSafeUrls<T extends Nodes>(node: T): T {
  if (!('children' in node)) return node;
  const children = (node.children as RootContent[]).flatMap((child): RootContent[] => {
    if ((child.type === 'link' || child.type === 'image') && !isSafeUrl(child.url)) {
      return child.type === 'link' ? child.children.map((inner) => withSafeUrls(inner)) : [];
    }
    return [withSafeUrls(child)];
  });
  return { ...node, children } as T;
}
