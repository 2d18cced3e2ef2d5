import type { Executor } from '../../store/schema.js';
import type { SectionHit } from '../../store/search/search-index.js';
import type { SpaceRecord } from '../../store/spaces.js';
import { sectionsAsSeen } from '../published/sections-as-seen.js';
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
  const seen = visitor === undefined ? undefined : sectionsAsSeen(db, spaces, visitor);
  const candidates: Candidate[] = [];
  for (const hit of hits) {
    const space = spaces.get(hit.spaceId);
    if (space === undefined) continue;
    const body =
      seen === undefined
        ? hit.body
        : (await seen.page(hit.spaceId, hit.pageId))?.sections.get(hit.anchor);
    if (body === undefined) continue;
    candidates.push({
      spaceId: hit.spaceId,
      revisionId: space.revisionId,
      pageId: hit.pageId,
      anchor: hit.anchor,
      pageTitle: hit.pageTitle,
      heading: hit.heading,
      body,
      url: urlOf(hit),
    });
  }
  return candidates;
}
