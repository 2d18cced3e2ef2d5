import { invalid, shorten } from '../../errors.js';
import type {
  MergeRule,
  OrganizationMergeRules,
  SpaceMergeRules,
} from '../../model/merge-rules.js';
import type { ReviewRecord } from '../../store/change-request-reviews.js';
import type { ChangeRequestRecord } from '../../store/change-requests.js';
import { membersAmong } from '../../store/members.js';
import type { Executor } from '../../store/schema.js';

/** A merge rule that does not pass, and what is missing. */
export interface UnmetMergeRule {
  rule: MergeRule['rule'];
  message: string;
}

/** What merge rules are evaluated on. */
export interface MergeFacts {
  changeRequest: Pick<
    ChangeRequestRecord,
    'subject' | 'description' | 'createdBy' | 'revisionInitial' | 'revisionMergedAncestor'
  >;
  /** The space's current revision. */
  spaceRevisionId: string;
  /** The reviews that still count (see `currentReviews`). */
  reviews: readonly ReviewRecord[];
  /** Who is merging. */
  actorId: string;
}

/** The rules a space's change requests merge under: its own, or its organization's. */
export function effectiveMergeRules(
  space: SpaceMergeRules,
  organization: OrganizationMergeRules,
): OrganizationMergeRules {
  return space.type === 'inherit' ? organization : space;
}

const approvers = (reviews: readonly ReviewRecord[]) =>
  new Set(reviews.filter((review) => review.status === 'approved').map((r) => r.reviewerId));

/** What one rule lacks, or `undefined` when it passes; bypass rules pass by themselves. */
function unmet(rule: MergeRule, facts: MergeFacts): string | undefined {
  const { changeRequest, reviews } = facts;
  switch (rule.rule) {
    case 'allow_bypass':
      return undefined;
    case 'require_specific_reviewers': {
      const approved = approvers(reviews);
      const missing = rule.users.filter((user) => !approved.has(user));
      return missing.length === 0 ? undefined : `Needs an approval from ${missing.join(', ')}`;
    }
    case 'require_one_of_specific_reviewers': {
      const approved = approvers(reviews);
      return rule.users.some((user) => approved.has(user))
        ? undefined
        : `Needs an approval from one of ${rule.users.join(', ')}`;
    }
    case 'require_at_least_one_review':
      return reviews.length > 0 ? undefined : 'Needs a review of its current content';
    case 'require_at_least_one_approved_review':
      return approvers(reviews).size > 0 ? undefined : 'Needs an approval of its current content';
    case 'require_all_reviews_approved': {
      const asking = reviews.filter((review) => review.status === 'changes-requested');
      return asking.length === 0
        ? undefined
        : `Changes are requested by ${asking.map((review) => review.reviewerId).join(', ')}`;
    }
    case 'require_up_to_date_change_request': {
      const base = changeRequest.revisionMergedAncestor ?? changeRequest.revisionInitial;
      return base === facts.spaceRevisionId
        ? undefined
        : 'The space changed since it was last updated: update it from the space first';
    }
    case 'require_change_request_subject':
      return changeRequest.subject.trim() !== '' ? undefined : 'Needs a subject';
    case 'require_change_request_description':
      return changeRequest.description !== null ? undefined : 'Needs a description';
    case 'require_author_to_merge':
      return changeRequest.createdBy === facts.actorId
        ? undefined
        : `Only its author (${changeRequest.createdBy}) may merge it`;
  }
}

/**
 * The rules a merge by `facts.actorId` does not pass, in their configured order: none under
 * `none`, and none when an `allow_bypass` rule names the person merging.
 */
export function unmetMergeRules(
  configuration: OrganizationMergeRules,
  facts: MergeFacts,
): UnmetMergeRule[] {
  if (configuration.type === 'none') return [];
  const bypass = configuration.rules.some(
    (rule) => rule.rule === 'allow_bypass' && rule.users.includes(facts.actorId),
  );
  if (bypass) return [];
  return configuration.rules.flatMap((rule) => {
    const message = unmet(rule, facts);
    return message === undefined ? [] : [{ rule: rule.rule, message }];
  });
}

/** Throws 400 when a rule names someone who is not a member of the organization. */
export async function requireMergeRuleMembers(
  db: Executor,
  organizationId: string,
  configuration: SpaceMergeRules | OrganizationMergeRules | undefined,
  where: string,
): Promise<void> {
  if (configuration?.type !== 'rules') return;
  const named = configuration.rules.flatMap((rule) => ('users' in rule ? rule.users : []));
  const members = await membersAmong(db, organizationId, named);
  const outsider = named.find((user) => !members.has(user));
  if (outsider !== undefined) {
    throw invalid(`${where}: user ${shorten(outsider)} is not a member of the organization`);
  }
}
