import { posix } from 'node:path';
import type { Document, FrontmatterMetaLinks } from '@quire/document';
import { includeNames, withIncludePaths } from '../content/include-paths.js';
import type { PageNode } from '../content/read-content.js';
import type {
  FileRecord,
  MetaLinkTarget,
  PageRecord,
  ReusableContentRecord,
} from '../content/records.js';
import { withRelativeRefs } from '../content/relative-refs.js';
import { type PageFileFields, readPageFile, writeIncludeFile, writePageFile } from './page-file.js';
import type { RepositoryLayout } from './repository-layout.js';
import { type SummaryEntry, summarySays, summaryTitles, writeSummary } from './summary-file.js';
import {
  includeDigest,
  pageDigest,
  type SyncedFile,
  type SyncedPage,
  type SyncedVariables,
  type SyncState,
  variablesDigest,
} from './sync-state.js';
import { writeVariablesFile } from './variables-file.js';

/** What writing a space's files reads besides its page tree. */
export interface SpaceFileServices {
  body(documentId: string): Promise<Document>;
  toMarkdown(document: Document): Promise<string>;
  fileBytes(sha256: string): Promise<Uint8Array>;
  /** The Git blob id of a file's bytes. */
  blobOf(bytes: Uint8Array): Promise<string>;
}

/** The files a space's content changes in its repository, and the state they agree on after. */
export interface SpaceFiles {
  writes: Map<string, Uint8Array>;
  deletes: Set<string>;
  pages: Record<string, SyncedPage>;
  files: Record<string, SyncedFile>;
  includes: Record<string, SyncedPage>;
  /** The variables' file, when the repository holds one after the writes. */
  variables?: SyncedVariables;
}

/**
 * The repository files that make `checkout` hold the space, in GitBook's Git format, changing
 * no more than the space did since `state`: a page unedited since keeps its file untouched (so a
 * repository GitBook wrote comes back byte for byte), an edited one is written with the
 * frontmatter keys it does not set kept, the table of contents is rewritten only when the tree
 * it says changed, files go under `.gitbook/assets/`, and the files of pages and files the space
 * no longer has are deleted. Pages new to the repository get GitBook's paths: `slug.md`, or
 * `slug/README.md` for a page with children, the first page `README.md`.
 */
export async function spaceFiles(
  tree: readonly PageNode[],
  files: readonly FileRecord[],
  reusables: readonly ReusableContentRecord[],
  variables: Readonly<Record<string, string>>,
  layout: RepositoryLayout,
  state: SyncState,
  checkout: ReadonlyMap<string, Uint8Array>,
  services: SpaceFileServices,
): Promise<SpaceFiles> {
  const writes = new Map<string, Uint8Array>();
  const pages: Record<string, SyncedPage> = {};
  const places = assignPlaces(tree, layout, state);
  const names = includeNames(reusables);
  // A body's includes are written as paths from its file to the includes folder, and its links
  // and cards made by a page's id as paths from its file to that page's.
  const markdownAt = async (documentId: string, path: string) => {
    const folder = posix.dirname(path) === '.' ? '' : posix.dirname(path);
    const body = withIncludePaths(
      await services.body(documentId),
      path.slice(layout.root.length).replace(/\.md$/i, ''),
      names,
    );
    return services.toMarkdown(
      withRelativeRefs(body, (pageId) => {
        const file = places.get(pageId)?.path;
        return file === undefined || file === '' || file.endsWith('/')
          ? undefined
          : fileLinkFrom(folder, file);
      }),
    );
  };

  const summary = checkout.get(layout.summary);
  const listed =
    summary === undefined
      ? new Map<string, string>()
      : summaryTitles(Buffer.from(summary).toString('utf8'), layout.summary);
  // Whether a page still has the title its file gives it (or, without a file, is unedited).
  const titleUnchanged = (node: PageNode, path: string): boolean => {
    const file = path === '' ? undefined : checkout.get(path);
    if (file === undefined) return state.pages[node.page.id]?.digest === pageDigest(node.page);
    const text = Buffer.from(file).toString('utf8');
    return readPageFile(text, path, { strict: false }).title === node.page.title;
  };
  const summaryOf = (nodes: readonly PageNode[]): SummaryEntry[] =>
    nodes.map((node) => {
      const place = places.get(node.page.id);
      const kind = node.page.type;
      const listedTitle = place === undefined ? undefined : listed.get(place.path);
      return {
        kind,
        title:
          listedTitle !== undefined && titleUnchanged(node, place?.path ?? '')
            ? listedTitle
            : node.page.title,
        ...(kind === 'document' && place !== undefined && place.path !== ''
          ? { path: place.path }
          : {}),
        ...(node.page.target?.kind === 'url' ? { url: node.page.target.url } : {}),
        children: summaryOf(node.children),
      };
    });

  const visit = async (node: PageNode) => {
    const place = places.get(node.page.id);
    if (place === undefined) return;
    const digest = pageDigest(node.page);
    const synced = state.pages[node.page.id];
    const current = checkout.get(place.path);
    let blob = synced?.blob;
    // A table of contents entry without a file stays one while its page is not edited.
    const fileless = place.path === '';
    if (node.page.type === 'document' && node.page.documentId !== undefined && !fileless) {
      const unchanged =
        synced !== undefined &&
        synced.digest === digest &&
        synced.path === place.path &&
        current !== undefined;
      if (!unchanged) {
        const body = await markdownAt(node.page.documentId, place.path);
        const text = writePageFile(
          {
            title: node.page.title,
            fields: fieldsOf(node.page),
            ...linksOf(node.page, place.path, places),
            body,
          },
          current === undefined ? undefined : Buffer.from(current).toString('utf8'),
        );
        const bytes = Buffer.from(text, 'utf8');
        if (current === undefined || !bytes.equals(Buffer.from(current)))
          writes.set(place.path, bytes);
        blob = await services.blobOf(bytes);
      } else if (blob === undefined) {
        blob = await services.blobOf(current);
      }
    }
    pages[node.page.id] = {
      key: place.key,
      path: place.path,
      ...(blob === undefined ? {} : { blob }),
      digest,
    };
    for (const child of node.children) await visit(child);
  };
  for (const node of tree) await visit(node);

  const entries = summaryOf(tree);
  if (
    summary === undefined ||
    !summarySays(Buffer.from(summary).toString('utf8'), layout.summary, entries)
  ) {
    writes.set(layout.summary, Buffer.from(writeSummary(entries, layout.summary), 'utf8'));
  }

  const syncedFiles: Record<string, SyncedFile> = {};
  for (const file of files) {
    const path = `${layout.assets}${file.name}`;
    syncedFiles[file.id] = { path, sha256: file.sha256 };
    const before = state.files[file.id];
    if (before?.path === path && before.sha256 === file.sha256 && checkout.has(path)) continue;
    writes.set(path, await services.fileBytes(file.sha256));
  }

  const includes: Record<string, SyncedPage> = {};
  for (const record of reusables) {
    const name = names.get(record.id) ?? record.id;
    const path = `${layout.includes}${name}.md`;
    const digest = includeDigest(record);
    const before = state.includes?.[record.id];
    const current = checkout.get(path);
    let blob = before?.blob;
    if (before?.digest !== digest || before.path !== path || current === undefined) {
      const text = writeIncludeFile(
        { title: record.title, body: await markdownAt(record.documentId, path) },
        current === undefined ? undefined : Buffer.from(current).toString('utf8'),
      );
      const bytes = Buffer.from(text, 'utf8');
      if (current === undefined || !bytes.equals(Buffer.from(current))) writes.set(path, bytes);
      blob = await services.blobOf(bytes);
    }
    includes[record.id] = {
      key: `include:${name}`,
      path,
      ...(blob === undefined ? {} : { blob }),
      digest,
    };
  }

  const variablesFile = await variablesFileOf(variables, layout, state, checkout, services);
  if (variablesFile.write !== undefined) writes.set(layout.variables, variablesFile.write);

  const kept = new Set([...writes.keys(), ...Object.values(pages).map((page) => page.path)]);
  for (const file of Object.values(syncedFiles)) kept.add(file.path);
  for (const include of Object.values(includes)) kept.add(include.path);
  const deletes = new Set<string>();
  for (const gone of [
    ...Object.values(state.pages),
    ...Object.values(state.files),
    ...Object.values(state.includes ?? {}),
  ]) {
    if (gone.path.endsWith('/') || kept.has(gone.path) || !checkout.has(gone.path)) continue;
    deletes.add(gone.path);
  }
  if (variablesFile.remove) deletes.add(layout.variables);
  return {
    writes,
    deletes,
    pages,
    files: syncedFiles,
    includes,
    ...(variablesFile.synced === undefined ? {} : { variables: variablesFile.synced }),
  };
}

/**
 * What becomes of `.gitbook/vars.yaml`: written when the space's variables changed since
 * `state` (or the repository has no such file yet), deleted when the space has none left of
 * those the two agreed on, kept as it is (GitBook's own text, quotes and order) otherwise.
 */
async function variablesFileOf(
  variables: Readonly<Record<string, string>>,
  layout: RepositoryLayout,
  state: SyncState,
  checkout: ReadonlyMap<string, Uint8Array>,
  services: SpaceFileServices,
): Promise<{ write?: Uint8Array; remove: boolean; synced?: SyncedVariables }> {
  const path = layout.variables;
  const digest = variablesDigest(variables);
  const current = checkout.get(path);
  const unchanged = state.variables?.digest === digest;
  if (Object.keys(variables).length === 0) {
    // No file, or one the two never agreed on (it is not the space's to delete): left as it is.
    if (current === undefined || state.variables === undefined) return { remove: false };
    if (!unchanged) return { remove: true };
  }
  if (current !== undefined && unchanged) {
    return { remove: false, synced: { path, blob: await services.blobOf(current), digest } };
  }
  const bytes = Buffer.from(writeVariablesFile(variables), 'utf8');
  return {
    ...(current !== undefined && bytes.equals(Buffer.from(current)) ? {} : { write: bytes }),
    remove: false,
    synced: { path, blob: await services.blobOf(bytes), digest },
  };
}

/** Where each page goes: its place when it was last synced, else a new one beside its parent. */
function assignPlaces(
  tree: readonly PageNode[],
  layout: RepositoryLayout,
  state: SyncState,
): Map<string, { key: string; path: string }> {
  const places = new Map<string, { key: string; path: string }>();
  const taken = new Set<string>();
  const present = new Set<string>();
  const collect = (nodes: readonly PageNode[]) => {
    for (const node of nodes) {
      present.add(node.page.id);
      collect(node.children);
    }
  };
  collect(tree);
  for (const [id, page] of Object.entries(state.pages)) if (present.has(id)) taken.add(page.path);

  const free = (path: string): string => {
    if (!taken.has(path)) return path;
    const extension = path.endsWith('/README.md') ? '/README.md' : path.endsWith('/') ? '/' : '.md';
    const stem = path.slice(0, -extension.length);
    for (let n = 2; ; n += 1) {
      const candidate = `${stem}-${n}${extension}`;
      if (!taken.has(candidate)) return candidate;
    }
  };
  // `first`: pages at the top or in a top-level part, where the first page (`README.md`) is.
  const place = (
    nodes: readonly PageNode[],
    folder: string,
    parentKey: string,
    level: 'top' | 'first' | 'nested',
  ) => {
    // A table of contents has no top-level page after a part: one there is read as the part's,
    // so it is placed as the part's.
    let partFolder = folder;
    let partKey = parentKey;
    for (const node of nodes) {
      const synced = state.pages[node.page.id];
      // A part itself is always at the top, in the root folder.
      const afterPart = level === 'top' && node.page.type !== 'group';
      const inFolder = afterPart ? partFolder : folder;
      const inKey = afterPart ? partKey : parentKey;
      let key: string;
      let path: string;
      if (
        synced !== undefined &&
        (synced.path !== '' ||
          node.page.type !== 'document' ||
          synced.digest === pageDigest(node.page))
      ) {
        ({ key, path } = synced);
      } else if (node.page.type === 'group') {
        path = free(`${inFolder}${slugOf(node.page)}/`);
        key = `group:${node.page.title}`;
      } else if (node.page.type === 'link') {
        path = '';
        key = `link:${inKey}/${node.page.title}`;
      } else {
        const first = level !== 'nested' && !taken.has(layout.readme);
        path = first
          ? layout.readme
          : free(
              node.children.length > 0
                ? `${inFolder}${slugOf(node.page)}/README.md`
                : `${inFolder}${slugOf(node.page)}.md`,
            );
        key = path;
      }
      if (path !== '') taken.add(path);
      places.set(node.page.id, { key, path });
      const part = level === 'top' && node.page.type === 'group';
      if (part) {
        partFolder = path;
        partKey = key;
      }
      place(node.children, childFolder(path, inFolder, layout), key, part ? 'first' : 'nested');
    }
  };
  place(tree, layout.root, '', 'top');
  return places;
}

// Children of `a/README.md` and of `a.md` are in `a/`; of a part, in its folder; of the first
// page, beside it.
function childFolder(path: string, folder: string, layout: RepositoryLayout): string {
  if (path === '') return folder;
  if (path.endsWith('/')) return path;
  if (path === layout.readme) return layout.root;
  if (posix.basename(path).toLowerCase() === 'readme.md') return `${posix.dirname(path)}/`;
  return `${path.replace(/\.md$/i, '')}/`;
}

function slugOf(page: PageRecord): string {
  return page.slug === '' ? 'page' : page.slug;
}

function fieldsOf(page: PageRecord): PageFileFields {
  return {
    ...(page.description === undefined ? {} : { description: page.description }),
    ...(page.icon === undefined ? {} : { icon: page.icon }),
    ...(page.emoji === undefined ? {} : { emoji: page.emoji }),
    ...(page.hidden === true ? { hidden: true } : {}),
    ...(page.noIndex === true ? { noIndex: true } : {}),
    ...(page.noRobotsIndex === true ? { noRobotsIndex: true } : {}),
    ...(page.variables === undefined ? {} : { variables: page.variables }),
  };
}

/**
 * The link from a file in `folder` to the page file `file`, as GitBook writes links between its
 * files: a folder's `README.md` as the folder (`./`, `guide/`), any other file by its path.
 */
function fileLinkFrom(folder: string, file: string): string {
  if (posix.basename(file).toLowerCase() === 'readme.md') {
    const relative = posix.relative(folder, posix.dirname(file) === '.' ? '' : posix.dirname(file));
    return relative === '' ? './' : `${relative}/`;
  }
  return posix.relative(folder, file);
}

// A page's meta links as its frontmatter writes them: a URL as it is, a page of the space as the
// path of its file from this one (`./` for the first page of this folder). A page of another
// space, or one without a file, has no path and is left out.
function linksOf(
  page: PageRecord,
  path: string,
  places: ReadonlyMap<string, { key: string; path: string }>,
): { metaLinks?: FrontmatterMetaLinks } {
  if (page.metaLinks === undefined) return {};
  const folder = posix.dirname(path) === '.' ? '' : posix.dirname(path);
  const written = (target: MetaLinkTarget): string | undefined => {
    if (target.kind === 'url') return target.url;
    const file = target.space === undefined ? places.get(target.page)?.path : undefined;
    if (file === undefined || file === '' || file.endsWith('/')) return undefined;
    return fileLinkFrom(folder, file);
  };
  const canonical =
    page.metaLinks.canonical === undefined ? undefined : written(page.metaLinks.canonical);
  const alternates = (page.metaLinks.alternates ?? [])
    .map(written)
    .filter((link): link is string => link !== undefined);
  return {
    metaLinks: {
      ...(canonical === undefined ? {} : { canonical }),
      ...(alternates.length === 0 ? {} : { alternates }),
    },
  };
}
