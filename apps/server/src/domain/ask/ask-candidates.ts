import { sections } from '@quire/document';
import { findRevision } from '../../store/revisions.js';
import type { Executor } from '../../store/schema.js';
import type { SectionHit } from '../../store/search/search-index.js';
import type { SpaceRecord } from '../../store/spaces.js';
import { readDocumentAs } from '../content/page-bodies.js';
import { openRevisionContent, readPageById } from '../content/read-content.js';
import type { VisitorClaims } from '../sites/conditions.js';
import type { PromptSection } from './ask-prompt.js';

/** A section an answer may be written from: its text, its page, and the URL it is cited by. */
export interface Candidate extends PromptSection {
  spaceId: string;
  revisionId: string;
  pageId: string;
  anchor: string;
}

/**
 * The retrieved sections as the model is given them, each with the URL `urlOf` gives its page.
 * For a site's visitor, each section's text is read again from the page as the visitor reads
 * it (the index holds every conditional block): what a block's condition hides from them is
 * never given to the model, and a section they cannot see at all is left out.
 */
export async function candidatesOf(
  db: Executor,
  hits: readonly SectionHit[],
  spaces: ReadonlyMap<string, SpaceRecord>,
  urlOf: (hit: SectionHit) => string,
  visitor: VisitorClaims | undefined,
): Promise<Candidate[]> {
  const seenBy =
    visitor === undefined ? undefined : await sectionsAsSeen(db, hits, spaces, visitor);
  return hits.flatMap((hit) => {
    const space = spaces.get(hit.spaceId);
    if (space === undefined) return [];
    const body = seenBy === undefined ? hit.body : seenBy.get(sectionKey(hit));
    if (body === undefined) return [];
    return [
      {
        spaceId: hit.spaceId,
        revisionId: space.revisionId,
        pageId: hit.pageId,
        anchor: hit.anchor,
        pageTitle: hit.pageTitle,
        heading: hit.heading,
        body,
        url: urlOf(hit),
      },
    ];
  });
}

const sectionKey = (hit: { spaceId: string; pageId: string; anchor: string }) =>
  `${hit.spaceId}/${hit.pageId}#${hit.anchor}`;

/** The text of each section of the hits' pages, as the visitor reads the page. */
async function sectionsAsSeen(
  db: Executor,
  hits: readonly SectionHit[],
  spaces: ReadonlyMap<string, SpaceRecord>,
  visitor: VisitorClaims,
): Promise<Map<string, string>> {
  const seen = new Map<string, string>();
  const pagesBySpace = new Map<string, Set<string>>();
  for (const hit of hits) {
    pagesBySpace.set(hit.spaceId, (pagesBySpace.get(hit.spaceId) ?? new Set()).add(hit.pageId));
  }
  for (const [spaceId, pageIds] of pagesBySpace) {
    const space = spaces.get(spaceId);
    const revision = space && (await findRevision(db, spaceId, space.revisionId));
    if (revision === undefined) continue;
    const tree = await openRevisionContent(db, revision);
    for (const pageId of pageIds) {
      const { page } = await readPageById(tree, pageId).catch(() => ({ page: undefined }));
      if (page === undefined) continue;
      // A page without a body (a group, a link) is found by its title alone.
      if (page.documentId === undefined) {
        seen.set(sectionKey({ spaceId, pageId, anchor: '' }), '');
        continue;
      }
      const body = await readDocumentAs(tree, page.documentId, {
        evaluatedFor: visitor,
        dereferenced: true,
      });
      for (const section of sections(body)) {
        seen.set(sectionKey({ spaceId, pageId, anchor: section.anchor }), section.text);
      }
      if (!seen.has(sectionKey({ spaceId, pageId, anchor: '' }))) {
        seen.set(sectionKey({ spaceId, pageId, anchor: '' }), '');
      }
    }
  }
  return seen;
}
