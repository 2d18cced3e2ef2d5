import { createRequire } from 'node:module';
import type { Element, Root, RootContent } from 'hast';
import rehypeParse from 'rehype-parse';
import { unified } from 'unified';
import { invalid } from '../../errors.js';
import type { ImportServices } from './import-sources.js';
import type { ImportedContent, ImportedPage } from './imported-content.js';
import { htmlPage } from './single-file-sources.js';

/** How far a website import crawls. */
export interface CrawlBounds {
  maxPages: number;
  maxDepth: number;
  /** Most bytes of HTML fetched in all. */
  maxBytes: number;
}

const defaultBounds: CrawlBounds = { maxPages: 50, maxDepth: 3, maxBytes: 20 * 1024 * 1024 };
const userAgent = 'QuireImporter';
const htmlParser = unified().use(rehypeParse);

/** What robots-parser answers about a `robots.txt`. */
interface RobotsRules {
  isAllowed(url: string, userAgent?: string): boolean | undefined;
}

// robots-parser is CommonJS whose `module.exports` is the function itself, which its typings
// describe as a default export that ESM does not see; it is loaded as CommonJS.
const robotsParser: (url: string, robotsTxt: string) => RobotsRules = createRequire(
  import.meta.url,
)('robots-parser');

/**
 * Crawls a website from `url`, breadth first, within the same origin (scheme, host and port),
 * and imports each HTML page as a page, in the order found. It stops at `maxPages` pages,
 * `maxDepth` links from the start, or `maxBytes` of HTML; pages found beyond the bounds are
 * counted as left out. `robots.txt` is honoured for Quire's user agent; pages it disallows are
 * not fetched.
 */
export async function readWebsiteSource(
  url: string,
  services: ImportServices,
  bounds: CrawlBounds = defaultBounds,
): Promise<ImportedContent> {
  const start = withoutFragment(url);
  const origin = new URL(start).origin;
  const robotsUrl = `${origin}/robots.txt`;
  const robotsFile = await services.fetch(robotsUrl, { maxBytes: 512 * 1024, optional: true });
  const robots = robotsParser(robotsUrl, robotsFile?.body.toString('utf8') ?? '');
  const allowed = (target: string) => robots.isAllowed(target, userAgent) !== false;

  const pages: ImportedPage[] = [];
  const seen = new Set([start]);
  const queue: { url: string; depth: number }[] = allowed(start) ? [{ url: start, depth: 0 }] : [];
  let bytes = 0;
  let leftOut = 0;
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    if (pages.length >= bounds.maxPages || bytes >= bounds.maxBytes) {
      leftOut += 1 + queue.length;
      break;
    }
    const fetched = await services.fetch(next.url, {
      maxBytes: bounds.maxBytes - bytes,
      optional: next.depth > 0,
    });
    if (fetched === undefined || !isHtml(fetched.contentType)) continue;
    bytes += fetched.body.byteLength;
    const html = fetched.body.toString('utf8');
    pages.push(await htmlPage(html, fetched.url, services));
    for (const link of linksOf(html, fetched.url)) {
      if (seen.has(link) || new URL(link).origin !== origin || !allowed(link)) continue;
      seen.add(link);
      if (next.depth + 1 > bounds.maxDepth) leftOut += 1;
      else queue.push({ url: link, depth: next.depth + 1 });
    }
  }
  if (pages.length === 0) {
    throw invalid(`No HTML page could be imported from ${url.slice(0, 100)}`);
  }
  return { pages, files: [], leftOut };
}

function isHtml(contentType: string | undefined): boolean {
  return contentType === undefined || /^(text\/html|application\/xhtml\+xml)\b/i.test(contentType);
}

function withoutFragment(url: string): string {
  const parsed = new URL(url);
  parsed.hash = '';
  return parsed.href;
}

/** The http(s) targets of a page's `<a href>`s, absolute, without fragments. */
function linksOf(html: string, base: string): string[] {
  const tree: Root = htmlParser.parse(html);
  const found: string[] = [];
  const visit = (nodes: readonly RootContent[]) => {
    for (const node of nodes) {
      if (node.type !== 'element') continue;
      const href = hrefOf(node);
      if (href !== undefined) {
        try {
          const target = new URL(href, base);
          if (target.protocol === 'http:' || target.protocol === 'https:') {
            found.push(withoutFragment(target.href));
          }
        } catch {}
      }
      visit(node.children);
    }
  };
  visit(tree.children);
  return found;
}

function hrefOf(element: Element): string | undefined {
  const href = element.properties.href;
  return element.tagName === 'a' && typeof href === 'string' ? href : undefined;
}
