import type { ContentObjects } from './content-objects.js';
import {
  emptyRoot,
  type FileRecord,
  isFileRecord,
  isPageRecord,
  isReusableContentRecord,
  isRevisionRoot,
  isVariablesObject,
  type PageRecord,
  type ReusableContentRecord,
  type RevisionRoot,
} from './records.js';
import {
  listInsert,
  listItems,
  listLength,
  listRemoveAt,
  listRewrite,
} from './tree/persistent-list.js';
import { type MapChange, mapEntries, mapGet, mapSet, mapSetMany } from './tree/persistent-map.js';

const slugKey = (parent: string | null, slug: string) => `${parent ?? ''}/${slug}`;

/** The parts of a root that are maps of records. */
type MapPart = 'pages' | 'slugs' | 'files' | 'reusableContents';
const mapParts: readonly MapPart[] = ['pages', 'slugs', 'files', 'reusableContents'];

export interface ContentTreeOptions {
  /**
   * Keeps the page, slug and file records that edits write in memory, and writes them into their
   * maps at once with {@link ContentTree.settle}: a batch of a thousand inserted pages then
   * rewrites each leaf of the maps once rather than a thousand times (lists of children are
   * written as they change). Reads see the kept records.
   */
  batch?: boolean;
}

/**
 * A revision's content being read or edited: every change makes new objects and moves this
 * working root; nothing is stored until the caller flushes the objects and records the root.
 */
export class ContentTree {
  /** Records written since the last {@link settle}, by map and key (`undefined`: removed). */
  private readonly unsettled: Record<MapPart, Map<string, unknown>> | undefined;

  private constructor(
    readonly objects: ContentObjects,
    private root: RevisionRoot,
    { batch = false }: ContentTreeOptions,
  ) {
    this.unsettled = batch
      ? { pages: new Map(), slugs: new Map(), files: new Map(), reusableContents: new Map() }
      : undefined;
  }

  /** Opens the content under a root hash (`null`: no content yet). */
  static async open(
    objects: ContentObjects,
    rootHash: string | null,
    options: ContentTreeOptions = {},
  ): Promise<ContentTree> {
    if (rootHash === null) return new ContentTree(objects, emptyRoot, options);
    const root = await objects.get(rootHash);
    if (!isRevisionRoot(root)) throw new Error(`Content object ${rootHash} is not a revision root`);
    return new ContentTree(objects, root, options);
  }

  /** Writes the records a batch kept into their maps; the root and its parts are read after. */
  async settle(): Promise<void> {
    if (this.unsettled === undefined) return;
    for (const part of mapParts) {
      const kept = this.unsettled[part];
      if (kept.size === 0) continue;
      const changes: MapChange[] = [...kept].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      this.root = withMap(
        this.root,
        part,
        await mapSetMany(this.objects, mapRoot(this.root, part), changes),
      );
      kept.clear();
    }
  }

  /** The hash of the root as it is now; `null` when the content is empty. */
  rootHash(): string | null {
    this.requireSettled();
    const { pages, slugs, top, files, variables, reusableContents = null } = this.root;
    const parts = [pages, slugs, top, files, variables, reusableContents];
    if (parts.every((part) => part === null)) return null;
    return this.objects.put(this.root);
  }

  /** A page by id, or `undefined`. */
  async page(id: string): Promise<PageRecord | undefined> {
    const value = await this.mapValue('pages', id);
    return isPageRecord(value) ? value : undefined;
  }

  /** The page that has `slug` among the children of `parent` (`null`: the top level). */
  async pageWithSlug(parent: string | null, slug: string): Promise<string | undefined> {
    const value = await this.mapValue('slugs', slugKey(parent, slug));
    return typeof value === 'string' ? value : undefined;
  }

  /** The ids of the children of `parent` (`null`: the top level), in order. */
  async childIds(parent: string | null): Promise<string[]> {
    return listItems(this.objects, await this.childListOf(parent));
  }

  /** The page's slugs from the top, joined by `/`. */
  async pathOf(page: PageRecord): Promise<string> {
    const slugs = [page.slug];
    let parentId = page.parent;
    while (parentId !== null) {
      const parent = await this.page(parentId);
      if (parent === undefined) break;
      slugs.unshift(parent.slug);
      parentId = parent.parent;
    }
    return slugs.join('/');
  }

  /** Stores a page record as it is given; its place among siblings is {@link placePage}'s. */
  async putPage(page: PageRecord): Promise<void> {
    await this.setMapValue('pages', page.id, page);
  }

  /** Claims (or, with `undefined`, frees) a slug among the children of `parent`. */
  async setSlugOwner(parent: string | null, slug: string, id: string | undefined): Promise<void> {
    await this.setMapValue('slugs', slugKey(parent, slug), id);
  }

  /** Puts a page id among the children of `parent`, before position `at` (default: last). */
  async placePage(parent: string | null, id: string, at: number | undefined): Promise<void> {
    const list = await this.childListOf(parent);
    const length = await listLength(this.objects, list);
    const index = at === undefined ? length : Math.min(at, length);
    await this.setChildList(parent, await listInsert(this.objects, list, index, id));
  }

  /** Takes a page id out of the children of `parent`; answers where it was. */
  async unplacePage(parent: string | null, id: string): Promise<number> {
    const list = await this.childListOf(parent);
    const index = (await listItems(this.objects, list)).indexOf(id);
    if (list === null || index < 0) return -1;
    await this.setChildList(parent, await listRemoveAt(this.objects, list, index));
    return index;
  }

  /** Sets the children of `parent` (`null`: the top level) to `ids`, editing the list in place. */
  async replaceChildren(parent: string | null, ids: readonly string[]): Promise<void> {
    await this.setChildList(
      parent,
      await listRewrite(this.objects, await this.childListOf(parent), ids),
    );
  }

  /** Removes a page record and its slug (not its place or its children: the caller's). */
  async removePage(page: PageRecord): Promise<void> {
    await this.setMapValue('pages', page.id, undefined);
    await this.setSlugOwner(page.parent, page.slug, undefined);
  }

  /** A file by id, or `undefined`. */
  async file(id: string): Promise<FileRecord | undefined> {
    const value = await this.mapValue('files', id);
    return isFileRecord(value) ? value : undefined;
  }

  /** Stores a file record. */
  async putFile(file: FileRecord): Promise<void> {
    await this.setMapValue('files', file.id, file);
  }

  /** Removes a file record. */
  async removeFile(id: string): Promise<void> {
    await this.setMapValue('files', id, undefined);
  }

  /** A reusable content by id, or `undefined`. */
  async reusableContent(id: string): Promise<ReusableContentRecord | undefined> {
    const value = await this.mapValue('reusableContents', id);
    return isReusableContentRecord(value) ? value : undefined;
  }

  /** Every reusable content, in id order, those a batch keeps included. */
  async reusableContents(): Promise<ReusableContentRecord[]> {
    const records = new Map<string, unknown>(
      await mapEntries(this.objects, mapRoot(this.root, 'reusableContents')),
    );
    for (const [id, value] of this.unsettled?.reusableContents ?? []) records.set(id, value);
    return [...records.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .flatMap(([, value]) => (isReusableContentRecord(value) ? [value] : []));
  }

  /** Stores a reusable content record. */
  async putReusableContent(record: ReusableContentRecord): Promise<void> {
    await this.setMapValue('reusableContents', record.id, record);
  }

  /** Removes a reusable content record. */
  async removeReusableContent(id: string): Promise<void> {
    await this.setMapValue('reusableContents', id, undefined);
  }

  /** The variables map. */
  async variables(): Promise<Record<string, string>> {
    if (this.root.variables === null) return {};
    const object = await this.objects.get(this.root.variables);
    return isVariablesObject(object) ? object.values : {};
  }

  /** Replaces the variables map. */
  setVariables(values: Record<string, string>): void {
    const variables =
      Object.keys(values).length === 0 ? null : this.objects.put({ kind: 'variables', values });
    this.root = { ...this.root, variables };
  }

  /** The parts of the root, for reading the whole tree. */
  get parts(): RevisionRoot {
    this.requireSettled();
    return this.root;
  }

  private async mapValue(part: MapPart, key: string): Promise<unknown> {
    const kept = this.unsettled?.[part];
    if (kept?.has(key)) return kept.get(key);
    return mapGet(this.objects, mapRoot(this.root, part), key);
  }

  private async setMapValue(part: MapPart, key: string, value: unknown): Promise<void> {
    const kept = this.unsettled?.[part];
    if (kept !== undefined) kept.set(key, value);
    else
      this.root = withMap(
        this.root,
        part,
        await mapSet(this.objects, mapRoot(this.root, part), key, value),
      );
  }

  // Reading the root's parts while records are kept would read content without them.
  private requireSettled(): void {
    if (mapParts.some((part) => (this.unsettled?.[part].size ?? 0) > 0)) {
      throw new Error('The content tree holds records not written yet: settle() it first');
    }
  }

  private async childListOf(parent: string | null): Promise<string | null> {
    if (parent === null) return this.root.top;
    return (await this.page(parent))?.children ?? null;
  }

  private async setChildList(parent: string | null, list: string | null): Promise<void> {
    if (parent === null) {
      this.root = { ...this.root, top: list };
      return;
    }
    const page = await this.page(parent);
    if (page === undefined) throw new Error(`Page ${parent} is not in the tree`);
    await this.putPage({ ...page, children: list });
  }
}

/** The root of one of a content root's maps; `null` when it has none. */
export function mapRoot(root: RevisionRoot, part: MapPart): string | null {
  return root[part] ?? null;
}

function withMap(root: RevisionRoot, part: MapPart, hash: string | null): RevisionRoot {
  if (part !== 'reusableContents') return { ...root, [part]: hash };
  // Left out when empty, so a root without reusable content hashes as it did before there was any.
  const { reusableContents: _left, ...rest } = root;
  return hash === null ? rest : { ...rest, reusableContents: hash };
}
