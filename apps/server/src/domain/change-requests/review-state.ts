import {
  listReviewRequestsOf,
  listReviewsOf,
  type ReviewRecord,
  type ReviewRequestRecord,
} from '../../store/change-request-reviews.js';
import type { ChangeRequestRecord } from '../../store/change-requests.js';
import type { Executor } from '../../store/schema.js';

/** A review, and whether it still counts. */
export interface ReviewState {
  review: ReviewRecord;
  /**
   * The change request's content moved since the review, the reviewer reviewed again, or they
   * were asked again after it.
   */
  outdated: boolean;
}

/** Whether each review of a change request whose head is `head` still counts, oldest first. */
export function reviewStates(
  reviews: readonly ReviewRecord[],
  requests: readonly ReviewRequestRecord[],
  head: string,
): ReviewState[] {
  const latestByReviewer = new Map<string, ReviewRecord>();
  for (const review of reviews) latestByReviewer.set(review.reviewerId, review);
  // A review fulfils its reviewer's pending request, so a request still pending was made after
  // every review they gave: they were asked again.
  const askedAgain = new Set(requests.map((request) => request.userId));
  return reviews.map((review) => ({
    review,
    outdated:
      review.revisionId !== head ||
      latestByReviewer.get(review.reviewerId) !== review ||
      askedAgain.has(review.reviewerId),
  }));
}

/** The reviews that still count: at most one per reviewer, their latest. */
export function currentReviews(states: readonly ReviewState[]): ReviewRecord[] {
  return states.filter((state) => !state.outdated).map((state) => state.review);
}

/** Every review of a change request and whether each still counts, read now. */
export async function readReviewStates(
  db: Executor,
  changeRequest: Pick<ChangeRequestRecord, 'id' | 'revisionId'>,
  requests?: readonly ReviewRequestRecord[],
): Promise<ReviewState[]> {
  return reviewStates(
    await listReviewsOf(db, changeRequest.id),
    requests ?? (await listReviewRequestsOf(db, changeRequest.id)),
    changeRequest.revisionId,
  );
}
