import { posix } from 'node:path';
import type { FrontmatterMetaLinks } from '@quire/document';
import { readSummary, type TocEntry } from '../imports/summary-toc.js';
import { type PageFileFields, readIncludeFile, readPageFile } from './page-file.js';
import {
  configPath,
  type RepositoryLayout,
  repositoryLayout,
  repositoryRedirects,
} from './repository-layout.js';
import { readVariablesFile } from './variables-file.js';

/**
 * A page as a repository holds it. `key` names it across syncs: the file's path for a page with
 * a body, `group:<title>` for a part of the table of contents, `link:<parent key>/<title>` for a
 * link.
 */
export interface RepositoryPage {
  key: string;
  kind: 'document' | 'group' | 'link';
  title: string;
  /** The page file, from the repository's root (pages with a body). */
  path?: string;
  /** Where a link points. */
  url?: string;
  fields: PageFileFields;
  /** Its meta links as its frontmatter writes them. */
  metaLinks?: FrontmatterMetaLinks;
  /** The body as Markdown (pages with a body). */
  body: string;
  children: RepositoryPage[];
}

/** A file pages use, from the assets folder. */
export interface RepositoryAsset {
  /** Its name in the space: the file's name. */
  name: string;
  path: string;
  bytes: Uint8Array;
}

/** A reusable content, from the includes folder: its file's name, title and body. */
export interface RepositoryInclude {
  /** The file's name without `.md`: what pages' includes name it by. */
  name: string;
  path: string;
  title: string;
  body: string;
}

/** A redirect of `.gitbook.yaml`: an old path of the published space, and the page it leads to. */
export interface RepositoryRedirect {
  /** The old path, relative to the space (`guides/old-setup`). */
  source: string;
  /** The `key` of the page it leads to (its file, from the repository's root). */
  key: string;
}

/** What a repository holds of a space, and where. */
export interface RepositoryContent {
  layout: RepositoryLayout;
  pages: RepositoryPage[];
  assets: RepositoryAsset[];
  includes: RepositoryInclude[];
  /** The redirects of `.gitbook.yaml` that lead to a page of the repository. */
  redirects: RepositoryRedirect[];
  /** The space's variables, from `.gitbook/vars.yaml`; none when there is no such file. */
  variables?: Record<string, string>;
}

const markdownFile = /\.md$/i;
const includeFile = /^([^/]+)\.md$/;

/**
 * Reads the space a repository holds in GitBook's Git format, from its files by path: the
 * layout from `.gitbook.yaml`, the page tree from the table of contents (every Markdown file
 * under the root, the first page first, when there is none), pages from their files, and the
 * files under `.gitbook/assets/`, reusable contents under `.gitbook/includes/`, the space's
 * variables in `.gitbook/vars.yaml` (a file that is no map of variables is refused). Anything
 * else in the repository is not the space's.
 */
export function readRepository(
  files: ReadonlyMap<string, Uint8Array>,
  directory: string,
): RepositoryContent {
  const text = (path: string) => {
    const bytes = files.get(path);
    return bytes === undefined ? undefined : Buffer.from(bytes).toString('utf8');
  };
  const config = text(configPath(directory));
  const layout = repositoryLayout(directory, config);
  const summary = text(layout.summary);
  const entries =
    summary === undefined
      ? unlistedEntries([...files.keys()], layout)
      : readSummary(
          summary,
          posix.dirname(layout.summary) === '.' ? '' : posix.dirname(layout.summary),
        );
  const pageOf = (entry: TocEntry, parentKey: string): RepositoryPage => {
    if (entry.group === true) {
      const key = `group:${entry.title}`;
      return {
        key,
        kind: 'group',
        title: entry.title,
        fields: {},
        body: '',
        children: entry.children.map((child) => pageOf(child, key)),
      };
    }
    if (entry.url !== undefined) {
      const key = `link:${parentKey}/${entry.title}`;
      return {
        key,
        kind: 'link',
        title: entry.title,
        url: entry.url,
        fields: {},
        body: '',
        children: entry.children.map((child) => pageOf(child, key)),
      };
    }
    // An entry without a file (or whose file is missing) is a page with an empty body.
    const key = entry.path ?? `page:${parentKey}/${entry.title}`;
    const body = entry.path === undefined ? undefined : text(entry.path);
    const file = readPageFile(body ?? '', entry.path);
    return {
      key,
      kind: 'document',
      title: file.title ?? (entry.title.trim() || 'Untitled'),
      ...(entry.path === undefined ? {} : { path: entry.path }),
      fields: file.fields,
      ...(file.metaLinks === undefined ? {} : { metaLinks: file.metaLinks }),
      body: file.body,
      children: entry.children.map((child) => pageOf(child, key)),
    };
  };
  const assets: RepositoryAsset[] = [];
  const includes: RepositoryInclude[] = [];
  for (const [path, bytes] of files) {
    if (path.startsWith(layout.assets)) assets.push({ name: posix.basename(path), path, bytes });
    const name = path.startsWith(layout.includes)
      ? includeFile.exec(path.slice(layout.includes.length))?.[1]
      : undefined;
    if (name !== undefined)
      includes.push({ name, path, ...readIncludeFile(Buffer.from(bytes).toString('utf8'), name) });
  }
  const pages = entries.map((entry) => pageOf(entry, ''));
  const variables = text(layout.variables);
  return {
    layout,
    pages,
    assets,
    includes,
    redirects: redirectsTo(pages, layout, config),
    ...(variables === undefined
      ? {}
      : { variables: readVariablesFile(variables, layout.variables) }),
  };
}

// A redirect whose target is no page of the repository leads nowhere, and is left out.
function redirectsTo(
  pages: readonly RepositoryPage[],
  layout: RepositoryLayout,
  config: string | undefined,
): RepositoryRedirect[] {
  const keys = new Set<string>();
  const visit = (list: readonly RepositoryPage[]) => {
    for (const page of list) {
      if (page.kind === 'document' && page.path !== undefined) keys.add(page.key);
      visit(page.children);
    }
  };
  visit(pages);
  return repositoryRedirects(layout, config)
    .filter((entry) => keys.has(entry.target))
    .map((entry) => ({ source: entry.source, key: entry.target }));
}

// Without a table of contents every Markdown file under the root is a page, the first page first.
function unlistedEntries(paths: readonly string[], layout: RepositoryLayout): TocEntry[] {
  return paths
    .filter(
      (path) =>
        path.startsWith(layout.root) &&
        markdownFile.test(path) &&
        path !== layout.summary &&
        !path.startsWith(`${layout.root}.gitbook/`),
    )
    .sort((a, b) => Number(b === layout.readme) - Number(a === layout.readme) || a.localeCompare(b))
    .map((path) => ({ title: posix.basename(path, posix.extname(path)), path, children: [] }));
}
