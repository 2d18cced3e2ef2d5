import { listReviewRequestsOf, listReviewsOf } from '../../store/change-request-reviews.js';
import type { ChangeRequestRecord } from '../../store/change-requests.js';
import { findOrganizationById } from '../../store/organizations.js';
import type { Executor } from '../../store/schema.js';
import type { SpaceRecord } from '../../store/spaces.js';
import { effectiveMergeRules, type UnmetMergeRule, unmetMergeRules } from './merge-rules.js';
import { currentReviews, reviewStates } from './review-state.js';

/**
 * The merge rules a merge of the change request by `actorId` would not pass now, read from its
 * space's rules (or its organization's) and its reviews.
 */
export async function unmetMergeRulesFor(
  db: Executor,
  space: SpaceRecord,
  changeRequest: ChangeRequestRecord,
  actorId: string,
): Promise<UnmetMergeRule[]> {
  const organizationRules =
    space.mergeRules.type === 'inherit'
      ? (await findOrganizationById(db, space.organizationId))?.mergeRules
      : undefined;
  const rules = effectiveMergeRules(space.mergeRules, organizationRules ?? { type: 'none' });
  if (rules.type === 'none') return [];
  const states = reviewStates(
    await listReviewsOf(db, changeRequest.id),
    await listReviewRequestsOf(db, changeRequest.id),
    changeRequest.revisionId,
  );
  return unmetMergeRules(rules, {
    changeRequest,
    spaceRevisionId: space.revisionId,
    reviews: currentReviews(states),
    actorId,
  });
}
