import { sections } from '@quire/document';
import {
  markChangeRequestLinkPages,
  replaceLinksOfPages,
  type StoredLink,
} from '../../store/content-index.js';
import type { Executor } from '../../store/schema.js';
import type { ContentTree } from '../content/content-tree.js';
import type { ChangeRequestHeadMove } from '../content/head-moves.js';
import { readBody, readFiles } from '../content/read-content.js';
import { changedBetweenRevisions } from './changed-pages.js';
import { readPageBody } from './page-content.js';
import { pageLinksOf } from './page-links.js';

/** Tells whether links reach their targets in one version of content, reading each target once. */
class LinkResolver {
  private readonly anchors = new Map<string, Set<string>>();
  private fileNames: Set<string> | undefined;

  constructor(private readonly tree: ContentTree) {}

  async status(link: StoredLink): Promise<StoredLink['status']> {
    switch (link.kind) {
      case 'external':
        return 'ok';
      case 'in-app':
        return 'in-app';
      case 'file':
        this.fileNames ??= new Set((await readFiles(this.tree)).map((file) => file.name));
        return this.fileNames.has(link.target) ? 'ok' : 'broken';
      case 'page':
      case 'anchor': {
        const pageId = await this.pageAt(link.target);
        if (pageId === undefined) return 'broken';
        if (link.anchor === '') return 'ok';
        return (await this.anchorsOf(pageId)).has(link.anchor) ? 'ok' : 'broken';
      }
    }
  }

  private async pageAt(path: string): Promise<string | undefined> {
    let pageId: string | null = null;
    for (const slug of path.split('/').filter((part) => part !== '')) {
      const found = await this.tree.pageWithSlug(pageId, slug);
      if (found === undefined) return undefined;
      pageId = found;
    }
    return pageId ?? undefined;
  }

  private async anchorsOf(pageId: string): Promise<Set<string>> {
    let found = this.anchors.get(pageId);
    if (found === undefined) {
      const page = await this.tree.page(pageId);
      const body =
        page?.documentId === undefined
          ? undefined
          : await readBody(this.tree.objects, page.documentId);
      found = new Set(body === undefined ? [] : sections(body).map((section) => section.anchor));
      this.anchors.set(pageId, found);
    }
    return found;
  }
}

/**
 * Keeps the links of the pages a change request changed, on every move of its head: the pages
 * that changed between the two revisions get the change request's own version of their links,
 * resolved against its content (for `stats.broken.changeRequest` and the change request's link
 * reads); the pages it did not touch read the space's.
 */
export function changeRequestLinkIndexer(
  appOrigin: string,
): (db: Executor, move: ChangeRequestHeadMove) => Promise<void> {
  return async (db, { spaceId, changeRequestId, from, to }) => {
    const changed = await changedBetweenRevisions(db, spaceId, from, to);
    const resolver = new LinkResolver(changed.after);
    // The deleted pages keep no links; the changed ones are read first, then written together.
    const replaced = [...changed.deletedPages];
    const links: StoredLink[] = [];
    for (const pageId of changed.pages) {
      const page = await changed.after.page(pageId);
      if (page === undefined) continue;
      replaced.push(page.id);
      const content = await readPageBody(changed.after, page);
      if (content.body === undefined) continue;
      for (const link of pageLinksOf(page.id, content.path, content.body, appOrigin)) {
        link.status = await resolver.status(link);
        links.push(link);
      }
    }
    await replaceLinksOfPages(db, spaceId, changeRequestId, replaced, links);
    await markChangeRequestLinkPages(db, spaceId, changeRequestId, [
      ...changed.pages,
      ...changed.deletedPages,
    ]);
  };
}
