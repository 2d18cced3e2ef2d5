import type { components } from '@quire/contract';
import { newId } from '../../ids.js';
import { findAnswer, insertAgentFeedback } from '../../store/site-questions.js';
import type { Caller } from '../actor.js';
import { siteAsSeen } from '../published/site-as-seen.js';
import type { AskServices } from './ask-services.js';

type AgentFeedbackInput = components['schemas']['AgentFeedbackInput'];

/**
 * Records an agent's feedback for a site's owners, from whoever may read the site (its reader
 * token, or a member); kept with the answer its `reportedBy.correlationId` names, when that is
 * an answer of this site. Answers its id and what the agent is told.
 */
export async function submitAgentFeedback(
  services: AskServices,
  caller: Caller,
  params: { organizationId: string; siteId: string },
  input: AgentFeedbackInput,
): Promise<{ id: string; result: string }> {
  const { structure } = await siteAsSeen(services, caller, params);
  const named = input.reportedBy?.correlationId;
  const answer =
    named === undefined ? undefined : await findAnswer(services.db, structure.site.id, named);
  const id = newId();
  await insertAgentFeedback(services.db, {
    id,
    site_id: structure.site.id,
    answer_id: answer?.id ?? null,
    category: input.feedback.category,
    feedback: JSON.stringify(input),
    created_at: services.clock.now().toISOString(),
  });
  return {
    id,
    result: `Thank you: the feedback is recorded for the owners of ${structure.site.title}${answer === undefined ? '' : ', with the answer it is about'}. Nothing more is needed.`,
  };
}
