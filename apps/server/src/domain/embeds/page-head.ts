import type { Element, Root } from 'hast';
import rehypeParse from 'rehype-parse';
import { unified } from 'unified';

/** What a web page's head says of it, for a preview. */
export interface PageHead {
  title?: string;
  siteName?: string;
  /** The page's icon, absolute. */
  icon?: string;
  /** Where the page's oEmbed answer is (`<link rel="alternate" type="application/json+oembed">`). */
  oembedUrl?: string;
}

const parser = unified().use(rehypeParse);

/**
 * The title (Open Graph's first, then `<title>`), site name, icon and oEmbed link of an HTML page
 * fetched from `pageUrl`, against which its links are resolved.
 */
export function readPageHead(html: string, pageUrl: string): PageHead {
  const tree = parser.parse(html) as Root;
  const head: PageHead = {};
  let documentTitle: string | undefined;
  const visit = (node: Root | Element): void => {
    for (const child of node.children) {
      if (child.type !== 'element') continue;
      const properties = child.properties;
      const text = (name: string) => {
        const value = properties[name];
        return typeof value === 'string' ? value.trim() : undefined;
      };
      const rel = Array.isArray(properties.rel) ? properties.rel.map(String) : [];
      if (child.tagName === 'title') {
        documentTitle ??= child.children
          .map((part) => (part.type === 'text' ? part.value : ''))
          .join('')
          .trim();
      } else if (child.tagName === 'meta') {
        const name = text('property') ?? text('name');
        const content = text('content');
        if (content !== undefined && content !== '') {
          if (name === 'og:title' || name === 'twitter:title') head.title ??= content;
          if (name === 'og:site_name') head.siteName ??= content;
        }
      } else if (child.tagName === 'link') {
        const href = text('href');
        if (href === undefined) continue;
        if (rel.includes('icon') || rel.includes('apple-touch-icon')) {
          head.icon ??= absolute(href, pageUrl);
        }
        if (rel.includes('alternate') && text('type') === 'application/json+oembed') {
          head.oembedUrl ??= absolute(href, pageUrl);
        }
      }
      visit(child);
    }
  };
  visit(tree);
  if (head.title === undefined && documentTitle !== undefined && documentTitle !== '') {
    head.title = documentTitle;
  }
  return head;
}

function absolute(href: string, base: string): string | undefined {
  try {
    return new URL(href, base).toString();
  } catch {
    return undefined;
  }
}
