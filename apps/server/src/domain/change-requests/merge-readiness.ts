import type { MemberRole } from '../../model/roles.js';
import { changeRequestPermissions } from '../../policies/change-request-policy.js';
import {
  listReviewRequestsOf,
  type ReviewRequestRecord,
} from '../../store/change-request-reviews.js';
import type { ChangeRequestRecord } from '../../store/change-requests.js';
import { findOrganizationById } from '../../store/organizations.js';
import type { Executor } from '../../store/schema.js';
import type { SpaceRecord } from '../../store/spaces.js';
import { effectiveMergeRules, type UnmetMergeRule, unmetMergeRules } from './merge-rules.js';
import { currentReviews, readReviewStates } from './review-state.js';

/** The rules the space's change requests merge under: its own, or its organization's. */
async function rulesOf(db: Executor, space: SpaceRecord) {
  const organizationRules =
    space.mergeRules.type === 'inherit'
      ? (await findOrganizationById(db, space.organizationId))?.mergeRules
      : undefined;
  return effectiveMergeRules(space.mergeRules, organizationRules ?? { type: 'none' });
}

/** The rules a merge by `actorId` would not pass, given the change request's pending requests. */
async function unmetWith(
  db: Executor,
  space: SpaceRecord,
  changeRequest: ChangeRequestRecord,
  actorId: string,
  requests: readonly ReviewRequestRecord[],
): Promise<UnmetMergeRule[]> {
  const rules = await rulesOf(db, space);
  if (rules.type === 'none') return [];
  const states = await readReviewStates(db, changeRequest, requests);
  return unmetMergeRules(rules, {
    changeRequest,
    spaceRevisionId: space.revisionId,
    reviews: currentReviews(states),
    actorId,
  });
}

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
  return unmetWith(
    db,
    space,
    changeRequest,
    actorId,
    await listReviewRequestsOf(db, changeRequest.id),
  );
}

/** What the caller may do with a change request now, and which merge rules stop a merge. */
export async function changeRequestMergeStatus(
  db: Executor,
  {
    space,
    changeRequest,
    role,
  }: { space: SpaceRecord; changeRequest: ChangeRequestRecord; role: MemberRole | null },
  actorId: string,
) {
  const requests = await listReviewRequestsOf(db, changeRequest.id);
  const unmet = await unmetWith(db, space, changeRequest, actorId, requests);
  const requested = requests.some((request) => request.userId === actorId);
  return {
    permissions: changeRequestPermissions(
      { userId: actorId, role, requested },
      changeRequest,
      space,
      unmet.length === 0,
    ),
    unmetMergeRules: unmet,
  };
}
