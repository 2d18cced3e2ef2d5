import { reusableContentRefs, sections } from '@quire/document';
import { findRevision } from '../../store/revisions.js';
import type { Executor } from '../../store/schema.js';
import type { ContentTree } from '../content/content-tree.js';
import { dereferenceDocument } from '../content/dereference.js';
import { evaluateDocument } from '../content/evaluate-document.js';
import { openRevisionContent, readBody, readPageById } from '../content/read-content.js';
import type { VisitorClaims } from '../sites/conditions.js';

/** A page as a visitor reads it: its title, and its sections' text by anchor. */
export interface PageAsSeen {
  title: string;
  /** Whether a condition hides part of it from this visitor: the index holds more than they see. */
  hidesSome: boolean;
  /** Section text by anchor (`''` for the text before the first heading); a page without a body has only `''`. */
  sections: Map<string, string>;
  /** Section headings by anchor. */
  headings: Map<string, string>;
}

/** Reads pages of spaces' heads as one visitor sees them, each space and page once. */
export interface SectionsAsSeen {
  page(spaceId: string, pageId: string): Promise<PageAsSeen | undefined>;
}

/**
 * The pages of these spaces' heads as a site's visitor reads them: conditional blocks their
 * claims do not meet are left out, reusable content put in place. The search index holds every
 * block's text; what a reader is shown or quoted of a page comes from here.
 * @example const seen = sectionsAsSeen(db, spaces, reader.visitor); (await seen.page(spaceId, pageId))?.sections;
 */
export function sectionsAsSeen(
  db: Executor,
  spaces: ReadonlyMap<string, { revisionId: string }>,
  visitor: VisitorClaims,
): SectionsAsSeen {
  const trees = new Map<string, Promise<ContentTree | undefined>>();
  const pages = new Map<string, Promise<PageAsSeen | undefined>>();
  const treeOf = (spaceId: string) => {
    let tree = trees.get(spaceId);
    if (tree === undefined) {
      const space = spaces.get(spaceId);
      tree = (async () => {
        const revision = space && (await findRevision(db, spaceId, space.revisionId));
        return revision === undefined ? undefined : openRevisionContent(db, revision);
      })();
      trees.set(spaceId, tree);
    }
    return tree;
  };
  const read = async (spaceId: string, pageId: string): Promise<PageAsSeen | undefined> => {
    const tree = await treeOf(spaceId);
    if (tree === undefined) return undefined;
    const { page } = await readPageById(tree, pageId).catch(() => ({ page: undefined }));
    if (page === undefined) return undefined;
    // A page without a body (a group, a link) is found by its title alone.
    if (page.documentId === undefined) {
      return {
        title: page.title,
        hidesSome: false,
        sections: new Map([['', '']]),
        headings: new Map([['', '']]),
      };
    }
    const stored = await readBody(tree.objects, page.documentId);
    const whole =
      reusableContentRefs(stored).length > 0 ? await dereferenceDocument(tree, stored) : stored;
    const seen = evaluateDocument(whole, visitor);
    const found = sections(seen);
    const texts = new Map(found.map((section) => [section.anchor, section.text]));
    const headings = new Map(found.map((section) => [section.anchor, section.title]));
    if (!texts.has('')) texts.set('', '');
    return { title: page.title, hidesSome: seen !== whole, sections: texts, headings };
  };
  return {
    page(spaceId, pageId) {
      const key = `${spaceId}/${pageId}`;
      let page = pages.get(key);
      if (page === undefined) {
        page = read(spaceId, pageId);
        pages.set(key, page);
      }
      return page;
    },
  };
}
