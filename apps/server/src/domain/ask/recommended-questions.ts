import {
  listSiteIdsOfOrganization,
  pageTitlesOf,
  wellAnsweredQuestions,
} from '../../store/site-questions.js';
import type { Actor, Caller } from '../actor.js';
import { readableSpacesOf } from '../content-index/readable-spaces.js';
import { siteAsSeen, siteSpacesInScope, spacesReadIn } from '../published/site-as-seen.js';
import { askEngineOf } from './ask-engine.js';
import type { AskServices } from './ask-services.js';

const questionsWanted = 5;
const askingsRead = 2000;
const titlesShown = 40;

/**
 * Questions worth asking of these spaces: those readers of the sites asked most that were
 * answered from these spaces alone (so a caller is never shown a question about pages they
 * cannot read), then, with a model, questions it suggests from the titles of their pages. A
 * model that fails leaves the asked ones; it is logged, not answered as an error.
 */
export async function recommendedQuestions(
  services: AskServices,
  siteIds: readonly string[],
  spaceIds: readonly string[],
): Promise<string[]> {
  const readable = new Set(spaceIds);
  const counts = new Map<string, { question: string; count: number }>();
  for (const asked of await wellAnsweredQuestions(services.db, siteIds, askingsRead)) {
    if (asked.spaceIds.length === 0 || !asked.spaceIds.every((id) => readable.has(id))) continue;
    const entry = counts.get(asked.questionId) ?? { question: asked.question, count: 0 };
    entry.count += 1;
    counts.set(asked.questionId, entry);
  }
  const questions = [...counts.values()]
    .sort((a, b) => b.count - a.count)
    .slice(0, questionsWanted)
    .map((entry) => entry.question);
  const engine = askEngineOf(services.askEngine);
  if (questions.length >= questionsWanted || engine === undefined) return questions;
  const titles = await pageTitlesOf(services.db, spaceIds, titlesShown);
  if (titles.length === 0) return questions;
  try {
    const suggested = await engine.complete(
      [
        {
          role: 'system',
          content:
            'You suggest questions readers of a documentation site might ask. Answer only with the questions, one per line, each short and answered by one of the pages listed, in the language of the titles.',
        },
        {
          role: 'user',
          content: `Suggest ${questionsWanted - questions.length} questions. The pages:\n${titles.map((title) => `- ${title}`).join('\n')}`,
        },
      ],
      200,
    );
    const known = new Set(questions.map((question) => question.toLowerCase()));
    for (const line of suggested.split('\n')) {
      const question = line.replace(/^\s*(?:[-*•]|\d+[.)])\s*/, '').trim();
      if (question === '' || question.length > 200 || known.has(question.toLowerCase())) continue;
      known.add(question.toLowerCase());
      questions.push(question);
      if (questions.length >= questionsWanted) break;
    }
  } catch (error) {
    services.logger.warn({ err: error }, 'the model suggested no questions');
  }
  return questions;
}

/** Questions worth asking across an organization, of the spaces the member may read. */
export async function recommendedInOrganization(
  services: AskServices,
  actor: Actor,
  organizationId: string,
): Promise<string[]> {
  const spaces = await readableSpacesOf(services.db, actor, organizationId);
  return recommendedQuestions(
    services,
    await listSiteIdsOfOrganization(services.db, organizationId),
    spaces.map((space) => space.id),
  );
}

/**
 * Questions worth asking a site, of what the caller reads of it: one site space's pages when
 * `siteSpaceId` is given (or GitBook's older `spaceId`), else all it shows them.
 */
export async function recommendedInSite(
  services: AskServices,
  caller: Caller,
  params: { organizationId: string; siteId: string },
  only: { siteSpaceId?: string | undefined; spaceId?: string | undefined },
): Promise<string[]> {
  const { structure } = await siteAsSeen(services, caller, params);
  const siteSpaces = siteSpacesInScope(
    structure,
    only.siteSpaceId === undefined
      ? undefined
      : { mode: 'specific', siteSpaceIds: [only.siteSpaceId] },
  ).filter((siteSpace) => only.spaceId === undefined || siteSpace.spaceId === only.spaceId);
  const spaces = await spacesReadIn(services.db, caller, params.organizationId, siteSpaces);
  return recommendedQuestions(
    services,
    [structure.site.id],
    spaces.map((space) => space.id),
  );
}
