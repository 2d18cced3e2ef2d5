import type { Document } from '@quire/document';
import type { Kysely } from 'kysely';
import { conflict, forbidden, invalid, notFound, shorten } from '../../errors.js';
import { newId } from '../../ids.js';
import type { ChangeRequestReviewStatus } from '../../model/enums.js';
import { roleAtLeast } from '../../model/roles.js';
import { requestedReviewerRole, requireReviewer } from '../../policies/change-request-policy.js';
import {
  deleteReviewRequest,
  insertReview,
  listReviewRequestsOf,
  putReviewRequest,
  type ReviewRecord,
  type ReviewRequestRecord,
} from '../../store/change-request-reviews.js';
import {
  type ChangeRequestRecord,
  findChangeRequest,
  updateChangeRequest,
} from '../../store/change-requests.js';
import type { Database, Executor } from '../../store/schema.js';
import { findUsersByIds } from '../../store/users.js';
import type { Actor } from '../actor.js';
import { insertPostedComment } from '../comments/comment-writes.js';
import { recordEvent } from '../events/record-event.js';
import { changeRequestEvent } from '../events/space-events.js';
import { spaceRoleOfUser } from '../spaces/space-access.js';
import type { ChangeRequestAccess } from './change-request-access.js';

/** The change request a review or request is about, with its space and the caller's role. */
export type ReviewSubject = Pick<ChangeRequestAccess, 'space' | 'role' | 'changeRequest'>;

/** Re-reads a change request in the transaction; a merged or archived one takes no reviews. */
async function reviewableChangeRequest(
  trx: Executor,
  changeRequest: ChangeRequestRecord,
): Promise<ChangeRequestRecord> {
  const current = (await findChangeRequest(trx, changeRequest.spaceId, changeRequest.id))
    ?.changeRequest;
  if (current === undefined) throw notFound(`Change request ${changeRequest.id} not found`);
  if (current.status === 'merged' || current.status === 'archived') {
    throw conflict(`Change request #${current.number} is ${current.status}: it takes no reviews`);
  }
  return current;
}

/**
 * Records the caller's review of the change request's current revision, with its comment if
 * any, and fulfils their pending request; all in one transaction.
 */
export function submitReview(
  db: Kysely<Database>,
  actor: Actor,
  { space, role, changeRequest }: ReviewSubject,
  input: { status: ChangeRequestReviewStatus; comment: Document | undefined },
  now: Date,
): Promise<ReviewRecord> {
  return db.transaction().execute(async (trx) => {
    const current = await reviewableChangeRequest(trx, changeRequest);
    const requests = await listReviewRequestsOf(trx, current.id);
    const request = requests.find((candidate) => candidate.userId === actor.user.id);
    requireReviewer(
      { userId: actor.user.id, role, requested: request !== undefined },
      current.createdBy,
    );
    if (input.comment !== undefined && !roleAtLeast(role, 'comment')) {
      throw forbidden('Only members with the comment role or higher may comment with a review');
    }
    const reviewId = newId();
    const comment =
      input.comment === undefined
        ? null
        : await insertPostedComment(
            trx,
            actor,
            {
              space,
              thread: { spaceId: space.id, changeRequestId: current.id },
              revisionId: current.revisionId,
            },
            input.comment,
            { anchor: null, reviewId },
            now,
          );
    const review: ReviewRecord = {
      id: reviewId,
      changeRequestId: current.id,
      reviewerId: actor.user.id,
      requestedBy: request?.requestedBy ?? null,
      status: input.status,
      revisionId: current.revisionId,
      commentId: comment?.id ?? null,
      createdAt: now.toISOString(),
    };
    await insertReview(trx, review);
    if (request !== undefined) await deleteReviewRequest(trx, current.id, actor.user.id);
    await recordEvent(
      trx,
      actor,
      changeRequestEvent('change_request.review_submitted', space, current, {
        review: review.id,
        status: review.status,
        revision: review.revisionId,
      }),
      now,
    );
    return review;
  });
}

/** What asking for reviews may also change on the change request. */
export interface ReviewRequestInput {
  users: readonly string[];
  subject?: string | undefined;
  /** The new description; an empty document clears it. */
  description?: Document | undefined;
}

/**
 * Asks users to review the change request's current revision (renewing earlier requests), and
 * sets its subject and description when given; users who could not discuss it, and its author,
 * are a 400.
 */
export async function requestReviews(
  db: Kysely<Database>,
  actor: Actor,
  { space, changeRequest }: ReviewSubject,
  input: ReviewRequestInput,
  now: Date,
): Promise<ReviewRequestRecord[]> {
  const known = await findUsersByIds(db, input.users);
  for (const userId of input.users) {
    const where = `body.users: ${shorten(userId)}`;
    if (!known.has(userId)) throw invalid(`${where} is not a user`);
    if (userId === changeRequest.createdBy) {
      throw invalid(`${where} is the change request's author, who cannot review it`);
    }
    if (!roleAtLeast(await spaceRoleOfUser(db, space.id, userId), requestedReviewerRole)) {
      throw invalid(
        `${where} cannot be asked: reviewers need the ${requestedReviewerRole} role or higher on this space`,
      );
    }
  }
  return db.transaction().execute(async (trx) => {
    const current = await reviewableChangeRequest(trx, changeRequest);
    const at = now.toISOString();
    const requests = input.users.map((userId) => ({
      changeRequestId: current.id,
      userId,
      requestedBy: actor.user.id,
      revisionId: current.revisionId,
      createdAt: at,
    }));
    for (const request of requests) await putReviewRequest(trx, request);
    // A description with nothing in it is none.
    const description =
      input.description === undefined
        ? undefined
        : input.description.nodes.length > 0
          ? input.description
          : null;
    const fields = { subject: input.subject, description };
    const changed = Object.entries(fields).filter(([, value]) => value !== undefined);
    if (changed.length > 0) {
      await updateChangeRequest(trx, current.id, {
        subject: input.subject,
        description:
          description === undefined ? undefined : description && JSON.stringify(description),
        updatedAt: at,
      });
      await recordEvent(
        trx,
        actor,
        changeRequestEvent(
          'change_request.updated',
          space,
          { ...current, subject: input.subject ?? current.subject },
          { fields: changed.map(([name]) => name).sort(), status: current.status },
        ),
        now,
      );
    }
    await recordEvent(
      trx,
      actor,
      changeRequestEvent('change_request.reviewers_requested', space, current, {
        users: [...input.users],
        revision: current.revisionId,
      }),
      now,
    );
    return requests;
  });
}

/** Withdraws the request for a user to review; nothing is written when there was none. */
export function withdrawReviewRequest(
  db: Kysely<Database>,
  actor: Actor,
  { space, changeRequest }: ReviewSubject,
  userId: string,
  now: Date,
): Promise<void> {
  return db.transaction().execute(async (trx) => {
    const removed = await deleteReviewRequest(trx, changeRequest.id, userId);
    if (removed === undefined) return;
    await recordEvent(
      trx,
      actor,
      changeRequestEvent('change_request.reviewer_removed', space, changeRequest, {
        user: userId,
      }),
      now,
    );
  });
}
