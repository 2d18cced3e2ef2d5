import { posix } from 'node:path';
import { invalid } from '../../errors.js';
import { frontmatterOf } from './frontmatter.js';
import type { ImportServices } from './import-sources.js';
import type { ImportedContent, ImportedFile } from './imported-content.js';
import { pageTitle } from './imported-content.js';

/** Largest single Markdown, HTML or Word file an import reads. */
export const maxSingleFileBytes = 20 * 1024 * 1024;

/**
 * A Markdown text as a page: its first `# Heading`, after any frontmatter, becomes the title (and
 * leaves the body, as GitBook does), else the file's name. The frontmatter stays in the body.
 */
export function markdownPage(markdown: string, fallbackTitle: string) {
  const frontmatter = frontmatterOf(markdown);
  const head = frontmatter === undefined ? '' : markdown.slice(0, frontmatter.end);
  const rest = markdown.slice(head.length);
  const match = /^\s*#\s+(.+?)\s*#*\s*(?:\r?\n|$)/.exec(rest);
  if (!match) return { title: pageTitle(undefined, fallbackTitle), markdown, pages: [] };
  const body = rest.slice(match[0].length).replace(/^\s*\n/, '');
  return {
    title: pageTitle(match[1], fallbackTitle),
    markdown: head === '' ? body : `${head}\n${body}`,
    pages: [],
  };
}

/** The last segment of a URL's path without its extension, for a title. */
export function nameOfUrl(url: string): string {
  const last = new URL(url).pathname.split('/').filter(Boolean).at(-1) ?? '';
  let name = last;
  try {
    name = decodeURIComponent(last);
  } catch {}
  return posix.basename(name, posix.extname(name)) || new URL(url).hostname;
}

/** One Markdown file: one page. */
export async function readMarkdownSource(
  url: string,
  services: ImportServices,
): Promise<ImportedContent> {
  const fetched = await services.fetch(url, { maxBytes: maxSingleFileBytes });
  if (fetched === undefined) return { pages: [], files: [], leftOut: 0 };
  return {
    pages: [markdownPage(fetched.body.toString('utf8'), nameOfUrl(url))],
    files: [],
    leftOut: 0,
  };
}

/** One HTML page: one page, titled by its `<title>` or first heading. */
export async function readHtmlSource(
  url: string,
  services: ImportServices,
): Promise<ImportedContent> {
  const fetched = await services.fetch(url, { maxBytes: maxSingleFileBytes });
  if (fetched === undefined) return { pages: [], files: [], leftOut: 0 };
  return {
    pages: [await htmlPage(fetched.body.toString('utf8'), url, services)],
    files: [],
    leftOut: 0,
  };
}

/** An HTML document as a page: Markdown of its body, titled by its `<title>` or first heading. */
export async function htmlPage(html: string, url: string, services: ImportServices) {
  const title = /<title[^>]*>([^<]*)<\/title>/i.exec(html)?.[1];
  const markdown = await services.fromHtml(html);
  const page = markdownPage(markdown, nameOfUrl(url));
  return title === undefined || !/\S/.test(title)
    ? page
    : { ...page, title: pageTitle(decodeEntities(title), page.title) };
}

function decodeEntities(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

/** A Word document: one page, its images as files the page shows. */
export async function readDocxSource(
  url: string,
  services: ImportServices,
): Promise<ImportedContent> {
  const fetched = await services.fetch(url, { maxBytes: maxSingleFileBytes });
  if (fetched === undefined) return { pages: [], files: [], leftOut: 0 };
  const files: ImportedFile[] = [];
  const base = nameOfUrl(url);
  let html: string;
  // Loaded for the first Word import only: most servers never read a .docx.
  const { default: mammoth } = await import('mammoth');
  try {
    const result = await mammoth.convertToHtml(
      { buffer: fetched.body },
      {
        // A document may point at files on the server's disk; only its own parts are read.
        externalFileAccess: false,
        convertImage: mammoth.images.imgElement(async (image) => {
          const extension = image.contentType.split('/')[1]?.replace(/[^a-z0-9]/gi, '') || 'bin';
          const name = `${base}-image-${files.length + 1}.${extension}`;
          files.push({
            name,
            bytes: Buffer.from(await image.readAsBase64String(), 'base64'),
            contentType: image.contentType,
          });
          return { src: name };
        }),
      },
    );
    html = result.value;
  } catch (error) {
    throw invalid(
      `The Word document can't be read: ${error instanceof Error ? error.message.slice(0, 200) : 'it is not a .docx file'}`,
    );
  }
  const page = markdownPage(await services.fromHtml(html), base);
  return { pages: [page], files, leftOut: 0 };
}
