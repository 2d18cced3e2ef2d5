import type { Selectable } from 'kysely';
import {
  type ChangeRequestReviewStatus,
  changeRequestReviewStatuses,
  storedEnum,
} from '../model/enums.js';
import type {
  ChangeRequestReviewRequestsTable,
  ChangeRequestReviewsTable,
  Executor,
} from './schema.js';

/** A stored review of a change request. */
export interface ReviewRecord {
  id: string;
  changeRequestId: string;
  reviewerId: string;
  /** Who had asked the reviewer, when they had been asked. */
  requestedBy: string | null;
  status: ChangeRequestReviewStatus;
  /** The change request's revision the review was made on. */
  revisionId: string;
  commentId: string | null;
  createdAt: string;
}

/** A pending request for a user to review a change request. */
export interface ReviewRequestRecord {
  changeRequestId: string;
  userId: string;
  requestedBy: string;
  /** The change request's revision when the request was made. */
  revisionId: string;
  createdAt: string;
}

function toReview(row: Selectable<ChangeRequestReviewsTable>): ReviewRecord {
  return {
    id: row.id,
    changeRequestId: row.change_request_id,
    reviewerId: row.reviewer_id,
    requestedBy: row.requested_by,
    status: storedEnum(changeRequestReviewStatuses, row.status, 'review status'),
    revisionId: row.revision_id,
    commentId: row.comment_id,
    createdAt: row.created_at,
  };
}

function toRequest(row: Selectable<ChangeRequestReviewRequestsTable>): ReviewRequestRecord {
  return {
    changeRequestId: row.change_request_id,
    userId: row.user_id,
    requestedBy: row.requested_by,
    revisionId: row.revision_id,
    createdAt: row.created_at,
  };
}

/** Stores a new review. */
export async function insertReview(db: Executor, review: ReviewRecord): Promise<void> {
  await db
    .insertInto('change_request_reviews')
    .values({
      id: review.id,
      change_request_id: review.changeRequestId,
      reviewer_id: review.reviewerId,
      requested_by: review.requestedBy,
      status: review.status,
      revision_id: review.revisionId,
      comment_id: review.commentId,
      created_at: review.createdAt,
    })
    .execute();
}

/** Every review of a change request, oldest first. */
export async function listReviewsOf(
  db: Executor,
  changeRequestId: string,
): Promise<ReviewRecord[]> {
  const rows = await db
    .selectFrom('change_request_reviews')
    .selectAll()
    .where('change_request_id', '=', changeRequestId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(toReview);
}

/** Every pending review request of a change request, oldest first. */
export async function listReviewRequestsOf(
  db: Executor,
  changeRequestId: string,
): Promise<ReviewRequestRecord[]> {
  const rows = await db
    .selectFrom('change_request_review_requests')
    .selectAll()
    .where('change_request_id', '=', changeRequestId)
    .orderBy('created_at')
    .orderBy('user_id')
    .execute();
  return rows.map(toRequest);
}

/** Asks a user to review, or renews the request already made to them. */
export async function putReviewRequest(db: Executor, request: ReviewRequestRecord): Promise<void> {
  const values = {
    requested_by: request.requestedBy,
    revision_id: request.revisionId,
    created_at: request.createdAt,
  };
  await db
    .insertInto('change_request_review_requests')
    .values({ change_request_id: request.changeRequestId, user_id: request.userId, ...values })
    .onConflict((conflict) =>
      conflict.columns(['change_request_id', 'user_id']).doUpdateSet(values),
    )
    .execute();
}

/** Removes the request for a user to review; the one removed, if there was one. */
export async function deleteReviewRequest(
  db: Executor,
  changeRequestId: string,
  userId: string,
): Promise<ReviewRequestRecord | undefined> {
  const row = await db
    .deleteFrom('change_request_review_requests')
    .where('change_request_id', '=', changeRequestId)
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirst();
  return row && toRequest(row);
}

/** A review of a change request by id. */
export async function findReview(
  db: Executor,
  changeRequestId: string,
  reviewId: string,
): Promise<ReviewRecord | undefined> {
  const row = await db
    .selectFrom('change_request_reviews')
    .selectAll()
    .where('change_request_id', '=', changeRequestId)
    .where('id', '=', reviewId)
    .executeTakeFirst();
  return row && toReview(row);
}
