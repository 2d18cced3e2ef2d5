import { posix } from 'node:path';
import { invalid } from '../../errors.js';
import type { ImportServices } from './import-sources.js';
import type { ImportedContent, ImportedFile, ImportedPage } from './imported-content.js';
import { pageTitle } from './imported-content.js';
import { markdownPage } from './single-file-sources.js';
import { readSummary, type TocEntry } from './summary-toc.js';
import { type ArchiveFile, readZipArchive } from './zip-archive.js';

/** Largest zip an import fetches. */
const maxZipBytes = 50 * 1024 * 1024;
/** Bounds on what the zip unpacks to. */
const archiveLimits = { maxTotalBytes: 200 * 1024 * 1024, maxRatio: 100, maxEntries: 10_000 };

const markdownFile = /\.(md|markdown)$/i;
// GitBook's Git format keeps reusable content here, one file each, not pages.
const includeFile = /^\.gitbook\/includes\/([^/]+)\.md$/;
const imageFile = /\.(png|jpe?g|gif|svg|webp|avif|bmp|ico)$/i;

/**
 * A zip of a folder of Markdown, as GitBook's Git format lays it out: `SUMMARY.md` is the table
 * of contents (nesting, order and titles; `## Parts` become pages holding their entries), every
 * page a Markdown file, images beside them become files. Without a summary every Markdown file is
 * a page, in path order, `README.md` first. A single top folder wrapping everything (as
 * GitHub's archives have) is looked through.
 */
export async function readZipSource(
  url: string,
  services: ImportServices,
): Promise<ImportedContent> {
  const fetched = await services.fetch(url, { maxBytes: maxZipBytes });
  if (fetched === undefined) return { pages: [], files: [], leftOut: 0 };
  const archive = stripCommonFolder(await readZipArchive(fetched.body, archiveLimits));
  const byPath = new Map(archive.map((file) => [file.path, file]));
  const images = archive.filter((file) => imageFile.test(file.path));
  const imageNames = new Set(images.map((file) => file.path));
  const files: ImportedFile[] = images.map((file) => ({ name: file.path, bytes: file.bytes }));

  const reusableContents = archive.flatMap((file) => {
    const name = includeFile.exec(file.path)?.[1];
    return name === undefined ? [] : [reusableContentOf(name, file.bytes.toString('utf8'))];
  });
  const isPage = (path: string) => markdownFile.test(path) && !includeFile.test(path);
  const summary = byPath.get('SUMMARY.md') ?? byPath.get('summary.md');
  const pageOf = (
    path: string | undefined,
    title: string,
    children: ImportedPage[],
  ): ImportedPage => {
    const file = path === undefined ? undefined : byPath.get(path);
    if (path === undefined || file === undefined)
      return { title: pageTitle(title, 'Untitled'), markdown: '', pages: children };
    const page = markdownPage(
      pointAtFiles(file.bytes.toString('utf8'), path, imageNames),
      posix.basename(path, posix.extname(path)),
    );
    return {
      title: title.trim() === '' ? page.title : pageTitle(title, page.title),
      markdown: page.markdown,
      pages: children,
      sourcePath: path,
    };
  };
  if (summary !== undefined) {
    const listed = new Set<string>();
    const fromToc = (entries: readonly TocEntry[]): ImportedPage[] =>
      entries.map((entry) => {
        if (entry.path !== undefined) listed.add(entry.path);
        return pageOf(entry.path, entry.title, fromToc(entry.children));
      });
    const pages = fromToc(readSummary(summary.bytes.toString('utf8'), ''));
    // Markdown the summary leaves out is found but not imported, as GitBook does.
    const leftOut = archive.filter(
      (file) => isPage(file.path) && file !== summary && !listed.has(file.path),
    ).length;
    return { pages, files, reusableContents, leftOut };
  }
  const markdownPaths = archive
    .map((file) => file.path)
    .filter(isPage)
    .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  if (markdownPaths.length === 0) throw invalid('The zip holds no Markdown file');
  const pages = markdownPaths.map((path) => pageOf(path, '', []));
  return { pages, files, reusableContents, leftOut: 0 };
}

/** A reusable content's file: its title in the front matter GitBook writes, then its body. */
function reusableContentOf(name: string, text: string) {
  const front = /^---\r?\n([\s\S]*?)\r?\n---\r?\n/.exec(text);
  const title = front?.[1]?.match(/^title:\s*(.+?)\s*$/m)?.[1]?.replace(/^(["'])(.*)\1$/, '$2');
  const markdown = front === null ? text : text.slice(front[0].length).replace(/^\s*\n/, '');
  return { name, title: pageTitle(title, name), markdown };
}

// README.md at the root is the first page, as it is a folder's landing page.
function rank(path: string): number {
  return /^readme\.md$/i.test(path) ? 0 : 1;
}

function stripCommonFolder(files: ArchiveFile[]): ArchiveFile[] {
  const firstSegments = new Set(files.map((file) => file.path.split('/')[0]));
  const [only] = firstSegments;
  if (firstSegments.size !== 1 || only === undefined || files.some((file) => file.path === only)) {
    return files;
  }
  return files.map((file) => ({ ...file, path: file.path.slice(only.length + 1) }));
}

/**
 * Rewrites image and link targets that point, relative to the page at `pagePath`, at an image
 * of the archive, to that image's name in the space (its path from the archive's root).
 */
function pointAtFiles(markdown: string, pagePath: string, images: ReadonlySet<string>): string {
  const folder = posix.dirname(pagePath);
  return markdown.replace(
    /(!?\[[^\]]*\]\(\s*<?)([^)>\s]+)/g,
    (whole, start: string, target: string) => {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('#') || target.startsWith('/')) {
        return whole;
      }
      let decoded = target;
      try {
        decoded = decodeURIComponent(target);
      } catch {}
      const resolved = posix.normalize(posix.join(folder, decoded));
      return images.has(resolved) ? `${start}${encodeURI(resolved)}` : whole;
    },
  );
}
