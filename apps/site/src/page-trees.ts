import type { QuireClient } from '@quire/client';
import { LRUCache } from 'lru-cache';
import { type RevisionPage, readPageTree } from './published-reads.js';

/** The page trees of revisions, read once each: a revision never changes. */
export interface PageTrees {
  /**
   * The page tree of a revision. Read with this reader's token the first time; any later reader
   * the API resolved to the same space may share it, the tree being the same for everyone.
   */
  get(reader: QuireClient, spaceId: string, revisionId: string): Promise<RevisionPage[]>;
}

/** @example const trees = createPageTrees(); await trees.get(reader, spaceId, revisionId); */
export function createPageTrees({ max = 500 } = {}): PageTrees {
  const cache = new LRUCache<string, Promise<RevisionPage[]>>({ max });
  return {
    get(reader, spaceId, revisionId) {
      const key = `${spaceId}\u0000${revisionId}`;
      let tree = cache.get(key);
      if (tree === undefined) {
        tree = readPageTree(reader, spaceId, revisionId);
        cache.set(key, tree);
        tree.catch(() => cache.delete(key));
      }
      return tree;
    },
  };
}
