import { posix } from 'node:path';
import { slugify } from '@quire/document';
import { canonicalJson } from '../content/canonical-json.js';
import type { ContentChangeInput, UpdatePageInput } from '../content/change-inputs.js';
import { includeNames, withIncludeRefs } from '../content/include-paths.js';
import type { PageNode } from '../content/read-content.js';
import type {
  FileRecord,
  MetaLinkTarget,
  PageRecord,
  ReusableContentRecord,
} from '../content/records.js';
import type { RepositoryContent, RepositoryInclude, RepositoryPage } from './read-repository.js';
import { type SyncState, variablesDigest } from './sync-state.js';

/** The batch that makes a space hold what its repository does, and which page is which file. */
export interface RepositoryChanges {
  changes: ContentChangeInput[];
  /** The key of every page the repository holds, by page id or by the `ref` of its insert. */
  keys: Map<string, string>;
}

/**
 * The changes that bring a space's reusable contents in line with the repository's includes,
 * matched by name (GitBook names an include's file after its title): new ones inserted under a
 * `ref`, those whose file changed since `state` updated. Answers the refs by name, for the
 * pages' includes of new ones.
 */
function includeChanges(
  includes: readonly RepositoryInclude[],
  reusables: readonly ReusableContentRecord[],
  blobs: ReadonlyMap<string, string>,
  state: SyncState,
): { changes: ContentChangeInput[]; refs: Map<string, string> } {
  const idsByName = new Map([...includeNames(reusables)].map(([id, name]) => [name, id]));
  const changes: ContentChangeInput[] = [];
  const refs = new Map<string, string>();
  for (const [index, include] of includes.entries()) {
    const id = idsByName.get(include.name);
    const title = include.title.slice(0, 255);
    if (id === undefined) {
      const ref = `git-include-${index}`;
      refs.set(include.name, ref);
      changes.push({
        operation: 'insert_reusable_content',
        ref,
        title,
        document: { markdown: include.body },
      });
    } else if (state.includes?.[id]?.blob !== blobs.get(include.path)) {
      changes.push({
        operation: 'update_reusable_content',
        reusableContent: id,
        title,
        document: { markdown: include.body },
      });
    }
  }
  return { changes, refs };
}

/**
 * The change that gives the space the repository's variables, when `.gitbook/vars.yaml` changed
 * since `state` (or was deleted since) and says other variables than the space has: none when
 * the file is as it was, so variables edited in the space since stay theirs until exported.
 */
function variablesChanges(
  content: RepositoryContent,
  blobs: ReadonlyMap<string, string>,
  variables: Readonly<Record<string, string>>,
  state: SyncState,
): ContentChangeInput[] {
  const wanted = content.variables ?? (state.variables === undefined ? undefined : {});
  if (wanted === undefined) return [];
  if (state.variables?.blob === blobs.get(content.layout.variables)) return [];
  if (variablesDigest(wanted) === variablesDigest(variables)) return [];
  return [{ operation: 'update_variables', variables: wanted }];
}

/**
 * The content changes that bring a space in line with a repository, touching no more than the
 * repository changed since `state`: a page whose file has the same blob as when last synced
 * keeps its body, pages are matched to files by their key (file path) from the last sync, new
 * files become new pages, pages the repository no longer lists are deleted, the order and
 * nesting follow the table of contents, and files new to the space are inserted.
 * `blobs` are the Git blob ids of the repository's page files.
 */
export function repositoryChanges(
  content: RepositoryContent,
  blobs: ReadonlyMap<string, string>,
  tree: readonly PageNode[],
  files: readonly FileRecord[],
  reusables: readonly ReusableContentRecord[],
  variables: Readonly<Record<string, string>>,
  state: SyncState,
): RepositoryChanges {
  const current = new Map<string, PageNode>();
  const collect = (nodes: readonly PageNode[]) => {
    for (const node of nodes) {
      current.set(node.page.id, node);
      collect(node.children);
    }
  };
  collect(tree);
  const byKey = new Map<string, string>();
  for (const [id, synced] of Object.entries(state.pages)) {
    if (current.has(id)) byKey.set(synced.key, id);
  }

  const changes: ContentChangeInput[] = [];
  const keys = new Map<string, string>();
  const names = new Set(files.map((file) => file.name));
  const newAssets = content.assets.filter((asset) => !names.has(asset.name));
  if (newAssets.length > 0) {
    for (let start = 0; start < newAssets.length; start += 20) {
      changes.push({
        operation: 'insert_files',
        files: newAssets.slice(start, start + 20).map((asset) => ({
          base64: Buffer.from(asset.bytes).toString('base64'),
          name: asset.name,
        })),
      });
    }
  }

  const included = includeChanges(content.includes, reusables, blobs, state);
  changes.push(...included.changes);
  const bodyOf = (page: RepositoryPage) => withIncludeRefs(page.body, included.refs);

  let next = 0;
  const apply = (pages: readonly RepositoryPage[], parent: string | null) => {
    const wantedOrder: string[] = [];
    for (const [index, page] of pages.entries()) {
      const id = byKey.get(page.key);
      const node = id === undefined ? undefined : current.get(id);
      if (id === undefined || node === undefined || node.page.type !== page.kind) {
        const ref = `git-${next}`;
        next += 1;
        keys.set(ref, page.key);
        changes.push({
          operation: 'insert_page',
          ref,
          type: page.kind,
          title: page.title,
          slug: slugOf(page, content.layout.readme),
          ...(page.kind === 'document'
            ? { document: { markdown: bodyOf(page) } }
            : { document: {} }),
          ...(page.kind === 'link' ? { target: { kind: 'url', url: page.url ?? '' } } : {}),
          ...page.fields,
          ...(parent === null ? {} : { into: parent }),
          at: index,
        });
        wantedOrder.push(ref);
        apply(page.children, ref);
        continue;
      }
      keys.set(id, page.key);
      wantedOrder.push(id);
      const edited = editedFields(node.page, page);
      const fileChanged =
        page.kind === 'document' &&
        page.path !== undefined &&
        state.pages[id]?.blob !== blobs.get(page.path);
      const moved = node.page.parent !== parent;
      if (Object.keys(edited).length > 0 || fileChanged || moved) {
        changes.push({
          operation: 'update_page',
          page: id,
          ...edited,
          ...(fileChanged ? { document: { markdown: bodyOf(page) } } : {}),
          ...(moved ? { into: parent, at: index } : {}),
        });
      }
      apply(page.children, id);
    }
    return wantedOrder;
  };
  const listed = new Set<string>();
  const markListed = (pages: readonly RepositoryPage[]) => {
    for (const page of pages) {
      const id = byKey.get(page.key);
      if (id !== undefined && current.get(id)?.page.type === page.kind) listed.add(id);
      markListed(page.children);
    }
  };
  markListed(content.pages);
  // Pages the repository no longer has go first, so their slugs are free for what replaces them.
  const deletions: ContentChangeInput[] = [];
  const deleteUnlisted = (nodes: readonly PageNode[]) => {
    for (const node of nodes) {
      if (!listed.has(node.page.id))
        deletions.push({ operation: 'delete_page', page: node.page.id });
      else deleteUnlisted(node.children);
    }
  };
  deleteUnlisted(tree);
  apply(content.pages, null);
  const ordering = orderChanges(content.pages, current, byKey);
  const links = metaLinkChanges(content.pages, keys, current, blobs, state);
  const variablesChange = variablesChanges(content, blobs, variables, state);
  return {
    changes: [...deletions, ...changes, ...ordering, ...links, ...variablesChange],
    keys,
  };
}

// Sibling order: pages already in the space that stay under the same parent but in another
// order are moved into place, one `at` each, in the repository's order.
function orderChanges(
  pages: readonly RepositoryPage[],
  current: ReadonlyMap<string, PageNode>,
  byKey: ReadonlyMap<string, string>,
): ContentChangeInput[] {
  const moves: ContentChangeInput[] = [];
  const visit = (siblings: readonly RepositoryPage[]) => {
    const ids = siblings.map((page) => byKey.get(page.key));
    const existing = ids.filter((id): id is string => id !== undefined && current.has(id));
    const parents = new Set(existing.map((id) => current.get(id)?.page.parent ?? null));
    const before = existing
      .map((id) => current.get(id))
      .filter((node): node is PageNode => node !== undefined);
    const sorted = [...before].sort((a, b) => siblingIndex(current, a) - siblingIndex(current, b));
    const inOrder = sorted.every((node, index) => node.page.id === existing[index]);
    if (!inOrder && parents.size === 1) {
      for (const [index, page] of siblings.entries()) {
        const id = byKey.get(page.key);
        if (id !== undefined && current.has(id))
          moves.push({ operation: 'update_page', page: id, at: index });
      }
    }
    for (const page of siblings) visit(page.children);
  };
  visit(pages);
  return moves;
}

function siblingIndex(current: ReadonlyMap<string, PageNode>, node: PageNode): number {
  const parent = node.page.parent === null ? undefined : current.get(node.page.parent);
  const siblings =
    parent === undefined
      ? [...current.values()].filter((n) => n.page.parent === null)
      : parent.children;
  return siblings.findIndex((sibling) => sibling.page.id === node.page.id);
}

type PageFieldChanges = Omit<UpdatePageInput, 'operation' | 'page'>;

function editedFields(page: PageRecord, wanted: RepositoryPage): PageFieldChanges {
  const edited: Record<string, unknown> = {};
  if (page.title !== wanted.title) edited.title = wanted.title;
  for (const key of ['description', 'icon', 'emoji'] as const) {
    const value = wanted.fields[key];
    if (value !== undefined && page[key] !== value) edited[key] = value;
  }
  for (const key of ['hidden', 'noIndex', 'noRobotsIndex'] as const) {
    const value = wanted.fields[key] === true;
    if ((page[key] === true) !== value) edited[key] = value;
  }
  // Variables the file no longer has are removed: `{}` leaves the page none.
  const variables = wanted.fields.variables ?? {};
  if (canonicalJson(page.variables ?? {}) !== canonicalJson(variables)) {
    edited.variables = variables;
  }
  if (wanted.kind === 'link' && page.target?.kind === 'url' && page.target.url !== wanted.url) {
    edited.target = { kind: 'url', url: wanted.url ?? '' };
  }
  return edited as PageFieldChanges;
}

// A page's slug is its file's name (its folder's, for a README), as GitBook names them.
function slugOf(page: RepositoryPage, readme: string): string {
  if (page.path === undefined || page.path === readme) return slugify(page.title) || 'page';
  const base = posix.basename(page.path, posix.extname(page.path));
  const name = base.toLowerCase() === 'readme' ? posix.basename(posix.dirname(page.path)) : base;
  return slugify(name) || slugify(page.title) || 'page';
}

/**
 * The meta links the repository's frontmatter gives its pages, once every page has its id or
 * `ref` (a link may point at a page inserted after it): a URL as it is, a path of a page file
 * from this one (`./` is the folder's first page) as that page. Set on new pages and on pages
 * whose file changed; a path to no page of the repository is left out.
 */
function metaLinkChanges(
  pages: readonly RepositoryPage[],
  keys: ReadonlyMap<string, string>,
  current: ReadonlyMap<string, PageNode>,
  blobs: ReadonlyMap<string, string>,
  state: SyncState,
): ContentChangeInput[] {
  const idOfKey = new Map([...keys].map(([idOrRef, key]) => [key, idOrRef]));
  const target = (from: string, link: string): MetaLinkTarget | undefined => {
    if (/^[a-z][a-z0-9+.-]*:/i.test(link)) return { kind: 'url', url: link };
    const folder = posix.dirname(from);
    const joined = posix.normalize(posix.join(folder === '.' ? '' : folder, link));
    const file = link.endsWith('/') || link === '.' ? posix.join(joined, 'README.md') : joined;
    const page = idOfKey.get(file.replace(/^\.\//, ''));
    return page === undefined ? undefined : { kind: 'page', page };
  };
  const changes: ContentChangeInput[] = [];
  const visit = (list: readonly RepositoryPage[]) => {
    for (const page of list) {
      visit(page.children);
      const idOrRef = idOfKey.get(page.key);
      if (idOrRef === undefined || page.kind !== 'document' || page.path === undefined) continue;
      const existing = current.get(idOrRef);
      const fileChanged =
        existing === undefined || state.pages[idOrRef]?.blob !== blobs.get(page.path);
      if (!fileChanged) continue;
      const from = page.path;
      const canonical =
        page.metaLinks?.canonical === undefined
          ? undefined
          : target(from, page.metaLinks.canonical);
      const alternates = (page.metaLinks?.alternates ?? [])
        .map((link) => target(from, link))
        .filter((link): link is MetaLinkTarget => link !== undefined);
      const wanted =
        canonical === undefined && alternates.length === 0
          ? null
          : {
              ...(canonical === undefined ? {} : { canonical }),
              ...(alternates.length === 0 ? {} : { alternates }),
            };
      const before = existing?.page.metaLinks ?? null;
      if (JSON.stringify(before) === JSON.stringify(wanted)) continue;
      if (existing === undefined && wanted === null) continue;
      changes.push({ operation: 'update_page', page: idOrRef, metaLinks: wanted });
    }
  };
  visit(pages);
  return changes;
}
