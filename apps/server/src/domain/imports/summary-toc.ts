import { posix } from 'node:path';

/**
 * One entry of a `SUMMARY.md`: a title, the file it points at (if any) or the address it links
 * to, whether it is a `## Part` heading, and its children.
 */
export interface TocEntry {
  title: string;
  path: string | undefined;
  url?: string;
  group?: true;
  children: TocEntry[];
}

const listItem = /^(\s*)[-*+]\s+(.*)$/;
// A title may hold brackets escaped with a backslash, as GitBook writes `[\[Alpha\] Intro](a.md)`.
const linkItem = /^\[((?:\\.|[^\]\\])*)\]\(\s*<?([^)>\s]*)>?(?:\s+"[^"]*")?\s*\)\s*$/;
const escaped = /\\([!-/:-@[-`{-~])/g;
// A closing `#` sequence is set apart by a space: `## C#` is titled `C#`.
const heading = /^#{2,6}\s+(.*?)(?:\s+#+)?\s*$/;

/**
 * Reads a GitBook-style `SUMMARY.md`: nested list items `* [Title](path.md)` are pages (the
 * nesting is the page tree), `## Heading` lines start a group (a page with only children, as
 * GitBook shows a part), and the first `# Heading` is the book's title and ignored. Paths are
 * resolved against `base` (the folder of the summary); links to other sites are kept as
 * entries without a file.
 */
export function readSummary(markdown: string, base: string): TocEntry[] {
  const top: TocEntry[] = [];
  let group: TocEntry | undefined;
  // Open items by depth, with the indent each started at.
  const stack: { indent: number; entry: TocEntry }[] = [];
  for (const line of markdown.split(/\r?\n/)) {
    const part = heading.exec(line);
    if (part) {
      group = {
        title: unescapeMarkdown(part[1] ?? ''),
        path: undefined,
        group: true,
        children: [],
      };
      top.push(group);
      stack.length = 0;
      continue;
    }
    const item = listItem.exec(line);
    if (!item) continue;
    const indent = (item[1] ?? '').replace(/\t/g, '    ').length;
    const text = (item[2] ?? '').trim();
    const link = linkItem.exec(text);
    const target = link?.[2] ?? '';
    const entry: TocEntry = {
      title: unescapeMarkdown(link ? (link[1] ?? '') : text),
      path: link ? localPath(target, base) : undefined,
      ...(/^https?:/i.test(target) ? { url: target } : {}),
      children: [],
    };
    while (stack.length > 0 && (stack.at(-1)?.indent ?? 0) >= indent) stack.pop();
    const parent = stack.at(-1)?.entry;
    (parent?.children ?? group?.children ?? top).push(entry);
    stack.push({ indent, entry });
  }
  return top;
}

/** A title as it reads: Markdown's backslash escapes (`\[`, `\_`) stand for the character. */
export function unescapeMarkdown(title: string): string {
  return title.replace(escaped, '$1');
}

function localPath(target: string, base: string): string | undefined {
  if (target === '' || /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('#')) {
    return undefined;
  }
  const withoutAnchor = target.split('#')[0] ?? '';
  let decoded = withoutAnchor;
  try {
    decoded = decodeURIComponent(withoutAnchor);
  } catch {}
  return posix.normalize(posix.join(base, decoded)).replace(/^\.\//, '');
}
