import { forbidden } from '../errors.js';
import { type MemberRole, roleAtLeast } from '../model/roles.js';

/** Who is looking at a change request: their role on its space and whether they were asked. */
export interface ReviewerCandidate {
  userId: string;
  role: MemberRole | null;
  /** Whether a review request to them is pending. */
  requested: boolean;
}

/**
 * Whether someone may review a change request: its author never; otherwise members with the
 * `review` role or higher on the space, and anyone asked to review it.
 */
export function mayReview(candidate: ReviewerCandidate, authorId: string): boolean {
  if (candidate.userId === authorId) return false;
  return roleAtLeast(candidate.role, 'review') || candidate.requested;
}

/** Throws 403 unless the candidate may review the change request. */
export function requireReviewer(candidate: ReviewerCandidate, authorId: string): void {
  if (candidate.userId === authorId) {
    throw forbidden('The author of a change request cannot review it');
  }
  if (!mayReview(candidate, authorId)) {
    throw forbidden(
      'Only members with the review role or higher on this space, or people asked to review it, may review it',
    );
  }
}

/** The least role someone asked to review must have on the space: enough to discuss it. */
export const requestedReviewerRole: MemberRole = 'comment';

/** What the caller may do with a change request now (the contract's `ChangeRequestPermissions`). */
export function changeRequestPermissions(
  candidate: ReviewerCandidate,
  changeRequest: { status: string; createdBy: string },
  space: { editMode: string },
  mergeRulesPass: boolean,
): { edit: boolean; review: boolean; merge: boolean } {
  const locked = space.editMode === 'locked';
  const active = changeRequest.status === 'open' || changeRequest.status === 'draft';
  return {
    edit: roleAtLeast(candidate.role, 'edit') && !locked && changeRequest.status !== 'merged',
    review: active && mayReview(candidate, changeRequest.createdBy),
    merge: active && roleAtLeast(candidate.role, 'review') && !locked && mergeRulesPass,
  };
}
