import type { ContentChangeInput } from '../content/change-inputs.js';
import { withIncludeRefs } from '../content/include-paths.js';
import { readFrontmatterVariables } from '../git-sync/variables-file.js';
import { frontmatterOf } from './frontmatter.js';
import { type ImportedPageRef, importedMetaLinkChanges } from './imported-meta-links.js';

/** A page read from an import source, with the pages under it. */
export interface ImportedPage {
  title: string;
  markdown: string;
  pages: ImportedPage[];
  /** The file it was read from, by its path in the source (a zip's), when it had one. */
  sourcePath?: string;
}

/** A file read from an import source (an image of a zip or a Word document). */
export interface ImportedFile {
  /** Its name in the space: the path the pages use to refer to it. */
  name: string;
  bytes: Uint8Array;
  contentType?: string;
}

/**
 * A reusable content read from an import source (a zip's `.gitbook/includes/<name>.md`); pages
 * include it with `{% include "…/.gitbook/includes/<name>.md" %}`.
 */
export interface ImportedReusableContent {
  /** Its file name without `.md`, as the pages' includes name it. */
  name: string;
  title: string;
  markdown: string;
}

/** What a source held: its pages and files, and how many more it had than were read. */
export interface ImportedContent {
  pages: ImportedPage[];
  files: ImportedFile[];
  reusableContents?: ImportedReusableContent[];
  /** Resources found but left out (a crawl stopping at its bounds). */
  leftOut: number;
}

const maxTitleLength = 255;

/** Pages and files of `content`, counted. */
export function countResources(content: ImportedContent): { imported: number; total: number } {
  const countPages = (pages: readonly ImportedPage[]): number =>
    pages.reduce((total, page) => total + 1 + countPages(page.pages), 0);
  const imported =
    countPages(content.pages) + content.files.length + (content.reusableContents?.length ?? 0);
  return { imported, total: imported + content.leftOut };
}

/** A page title from text: trimmed, one line, not too long, never empty. */
export function pageTitle(text: string | undefined, fallback: string): string {
  const title = (text ?? '').replace(/\s+/g, ' ').trim().slice(0, maxTitleLength);
  return /\S/.test(title) ? title : fallback.slice(0, maxTitleLength) || 'Untitled';
}

/**
 * The batch of content changes that writes `content`: its files and reusable contents first
 * (the pages' includes name them by the `ref` they get here), then its pages in
 * order, each under its parent (`into`, or the top level), the whole tree in one batch so the
 * import lands as one revision or not at all. `markdowns` are the pages' bodies in the order of
 * the batch, for a caller that reads them in bulk.
 */
export function importChanges(
  content: ImportedContent,
  into: string | undefined,
): { changes: ContentChangeInput[]; markdowns: string[] } {
  const changes: ContentChangeInput[] = [];
  const markdowns: string[] = [];
  if (content.files.length > 0) {
    changes.push({
      operation: 'insert_files',
      files: content.files.map((file) => ({
        base64: Buffer.from(file.bytes).toString('base64'),
        name: file.name,
        ...(file.contentType === undefined ? {} : { contentType: file.contentType }),
      })),
    });
  }
  // Includes name a reusable content by its file; in the batch, by the ref it is inserted under.
  const includeRefs = new Map<string, string>();
  for (const [index, reusable] of (content.reusableContents ?? []).entries()) {
    const ref = `include-${index}`;
    includeRefs.set(reusable.name, ref);
    changes.push({
      operation: 'insert_reusable_content',
      ref,
      title: pageTitle(reusable.title, reusable.name),
      document: { markdown: reusable.markdown },
    });
  }
  let next = 0;
  const inserted: ImportedPageRef[] = [];
  const addPages = (pages: readonly ImportedPage[], parent: string | undefined) => {
    for (const page of pages) {
      const ref = `import-${next}`;
      next += 1;
      const markdown = withIncludeRefs(page.markdown, includeRefs);
      markdowns.push(markdown);
      inserted.push({
        ref,
        markdown: page.markdown,
        ...(page.sourcePath === undefined ? {} : { sourcePath: page.sourcePath }),
      });
      // GitBook's `vars:` in the frontmatter, which stays in the body as written: variables that
      // are no map of names to text are left there and not taken.
      const yaml = frontmatterOf(page.markdown)?.yaml;
      const variables =
        yaml === undefined
          ? undefined
          : readFrontmatterVariables(yaml, page.sourcePath ?? page.title, { strict: false });
      changes.push({
        operation: 'insert_page',
        ref,
        title: pageTitle(page.title, 'Untitled'),
        document: { markdown },
        ...(parent === undefined ? {} : { into: parent }),
        ...(variables === undefined ? {} : { variables }),
      });
      addPages(page.pages, ref);
    }
  };
  addPages(content.pages, into);
  changes.push(...importedMetaLinkChanges(inserted));
  return { changes, markdowns };
}
