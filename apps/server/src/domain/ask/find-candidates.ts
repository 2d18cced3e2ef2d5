import type { SectionHit } from '../../store/search/search-index.js';
import type { VisitorClaims } from '../sites/conditions.js';
import { spacesOf } from '../sites/site-structure.js';
import { type Candidate, candidatesOf } from './ask-candidates.js';
import type { AskServices } from './ask-services.js';
import { languageOf, questionTerms } from './question-words.js';
import { retrieveSections } from './retrieve-sections.js';
import { similarSections } from './similar-sections.js';

// Sections given to the model: enough to answer from, few enough to stay focused.
const sectionsPerAnswer = 8;

/**
 * The sections of `spaceIds` an answer to the question may be written from, the best first (by
 * their words, and by similarity when sections are embedded), each with the URL `urlOf` gives
 * it; for a visitor, as they read them.
 */
export async function findCandidates(
  services: AskServices,
  spaceIds: readonly string[],
  question: string,
  urlOf: (hit: SectionHit) => string,
  visitor: VisitorClaims | undefined,
): Promise<Candidate[]> {
  const terms = questionTerms(question, languageOf(question));
  const hits = await retrieveSections(services.db, services.dialect, spaceIds, terms, {
    limit: sectionsPerAnswer,
    more: await similarSections(services, spaceIds, question),
  });
  const spaces = await spacesOf(
    services.db,
    hits.map((hit) => ({ spaceId: hit.spaceId })),
  );
  return candidatesOf(services.db, hits, spaces, urlOf, visitor);
}
