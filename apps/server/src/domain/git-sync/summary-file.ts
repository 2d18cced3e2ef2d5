import { posix } from 'node:path';
import { readSummary, type TocEntry } from '../imports/summary-toc.js';
import { escapeHeading } from './page-file.js';

/** One entry of the table of contents to write: a page file, a link, or a part. */
export interface SummaryEntry {
  kind: 'document' | 'group' | 'link';
  title: string;
  /** The page file, from the repository's root. */
  path?: string;
  url?: string;
  children: SummaryEntry[];
}

/**
 * The `SUMMARY.md` at `summaryPath` for a page tree, as GitBook writes it: a `# Table of
 * contents` title, pages as nested `* [Title](path.md)` items (two spaces a level), parts as
 * `## Title` headings with their pages under them.
 */
export function writeSummary(entries: readonly SummaryEntry[], summaryPath: string): string {
  const base = posix.dirname(summaryPath);
  const lines: string[] = ['# Table of contents', ''];
  const items = (list: readonly SummaryEntry[], depth: number) => {
    for (const entry of list) {
      const target =
        entry.path !== undefined
          ? encodeURI(posix.relative(base === '.' ? '' : base, entry.path))
          : (entry.url ?? '');
      lines.push(`${'  '.repeat(depth)}* [${escapeTitle(entry.title)}](${target})`);
      items(entry.children, depth + 1);
    }
  };
  // A top-level page after a part is the part's as a table of contents reads it: it is written
  // on in the part, as the part's pages are.
  for (const entry of entries) {
    if (entry.kind === 'group') {
      lines.push('', `## ${escapeHeading(entry.title)}`, '');
      items(entry.children, 0);
      continue;
    }
    items([entry], 0);
  }
  return `${lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .replace(/\n+$/, '')}\n`;
}

/**
 * Whether a table of contents already says what `entries` would: the same parts, pages, files,
 * links and nesting, whatever its spacing or markers. A summary that says the same is kept as
 * it is.
 */
export function summarySays(
  text: string,
  summaryPath: string,
  entries: readonly SummaryEntry[],
): boolean {
  const base = posix.dirname(summaryPath);
  const read = readSummary(text, base === '.' ? '' : base);
  const same = (toc: readonly TocEntry[], wanted: readonly SummaryEntry[]): boolean =>
    toc.length === wanted.length &&
    toc.every((entry, index) => {
      const other = wanted[index];
      if (other === undefined || entry.title.trim() !== other.title.trim()) return false;
      if ((entry.group === true) !== (other.kind === 'group')) return false;
      if (other.kind === 'document' && entry.path !== other.path) return false;
      if (other.kind === 'link' && (entry.url ?? '') !== (other.url ?? '')) return false;
      return same(entry.children, other.children);
    });
  return same(read, entries);
}

/**
 * The title a table of contents gives each page file, by the file's path. A hand-edited summary
 * may title a page otherwise than its file's `# Heading` does; that title is kept while the page
 * is not edited.
 */
export function summaryTitles(text: string, summaryPath: string): Map<string, string> {
  const base = posix.dirname(summaryPath);
  const titles = new Map<string, string>();
  const visit = (entries: readonly TocEntry[]) => {
    for (const entry of entries) {
      if (entry.path !== undefined && !titles.has(entry.path)) titles.set(entry.path, entry.title);
      visit(entry.children);
    }
  };
  visit(readSummary(text, base === '.' ? '' : base));
  return titles;
}

// Brackets escaped, as GitBook writes them; a backslash that would escape what follows, too.
function escapeTitle(title: string): string {
  return title
    .replace(/\\(?=[!-/:-@[-`{-~])/g, '\\\\')
    .replace(/[[\]]/g, (bracket) => `\\${bracket}`);
}
