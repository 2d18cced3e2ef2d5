import type { Body, components } from '@quire/contract';
import type { Actor } from '../domain/actor.js';
import { type ReviewState, readReviewStates } from '../domain/change-requests/review-state.js';
import {
  requestReviews,
  submitReview,
  withdrawReviewRequest,
} from '../domain/change-requests/reviews.js';
import { type CommentScope, loadChangeRequestThread } from '../domain/comments/comment-access.js';
import { readCommentBody } from '../domain/comments/comment-body.js';
import { prepareBody } from '../domain/content/prepare-changes.js';
import { notFound } from '../errors.js';
import type { HandlerTable } from '../http/handler.js';
import { requireSpaceRole } from '../policies/space-policy.js';
import { presentRequestedReviewer, presentReview } from '../presenters/change-request-review.js';
import { presentList } from '../presenters/list.js';
import type { AppServices } from '../services/app-services.js';
import { listReviewRequestsOf, type ReviewRequestRecord } from '../store/change-request-reviews.js';
import type { ChangeRequestRecord } from '../store/change-requests.js';
import { findCommentsByIds } from '../store/comments.js';
import { arrayPage } from '../store/pagination.js';
import { findUsersByIds } from '../store/users.js';
import { commentsResponse } from './comment-responses.js';
import { pageRequest } from './page-request.js';

type Schemas = components['schemas'];
type Format = 'markdown' | 'document';

type ReviewHandlers = Pick<
  HandlerTable,
  | 'getReviewsByChangeRequestId'
  | 'submitChangeRequestReview'
  | 'getChangeRequestReviewById'
  | 'getRequestedReviewersByChangeRequestId'
  | 'requestReviewersForChangeRequest'
  | 'removeRequestedReviewerFromChangeRequest'
>;

type Params = { spaceId: string; changeRequestId: string };
type ReviewInput = Body<'submitChangeRequestReview'>;

/** A change request's thread, the place its reviews and their comments live. */
async function reviewScope(
  services: AppServices,
  actor: Actor,
  params: Params,
): Promise<CommentScope & { changeRequest: ChangeRequestRecord }> {
  const scope = await loadChangeRequestThread(
    services.db,
    actor,
    params.spaceId,
    params.changeRequestId,
  );
  const { changeRequest } = scope;
  if (changeRequest === null) throw new Error('A change request thread without its change request');
  return { ...scope, changeRequest };
}

/** Reviews as the API shows them to the caller, with their comments' bodies in `format`. */
async function reviewsResponse(
  services: AppServices,
  actor: Actor,
  scope: CommentScope,
  states: readonly ReviewState[],
  format: Format,
): Promise<Schemas['ChangeRequestReview'][]> {
  const people = await findUsersByIds(
    services.db,
    states.flatMap(({ review }) =>
      review.requestedBy === null ? [review.reviewerId] : [review.reviewerId, review.requestedBy],
    ),
  );
  const commentIds = states.flatMap(({ review }) =>
    review.commentId === null ? [] : [review.commentId],
  );
  const found = await findCommentsByIds(services.db, scope.thread, commentIds);
  const comments = new Map(
    (await commentsResponse(services, actor, scope, [...found.values()], format)).map((comment) => [
      comment.id,
      comment,
    ]),
  );
  return states.map((state) =>
    presentReview(
      state,
      scope.space.id,
      people,
      state.review.commentId === null ? undefined : comments.get(state.review.commentId),
      services.urls,
    ),
  );
}

async function requestsResponse(services: AppServices, requests: readonly ReviewRequestRecord[]) {
  const people = await findUsersByIds(
    services.db,
    requests.flatMap((request) => [request.userId, request.requestedBy]),
  );
  return requests.map((request) => presentRequestedReviewer(request, people, services.urls));
}

const isJsonDocument = (value: object): value is Schemas['JsonDocument'] =>
  'object' in value && 'nodes' in value;

/** A review's comment as a comment body: GitBook's clients send the document itself. */
function commentInputOf(comment: NonNullable<ReviewInput['comment']>): Schemas['CommentBodyInput'] {
  return isJsonDocument(comment) ? { document: comment } : comment;
}

const orderKey = (createdAt: string, id: string) => `${createdAt} ${id}`;

/** Handlers of change request reviews and review requests. */
export const changeRequestReviewHandlers: ReviewHandlers = {
  getReviewsByChangeRequestId: async ({ params, query, actor, services }) => {
    const scope = await reviewScope(services, actor, params);
    const states = (await readReviewStates(services.db, scope.changeRequest)).filter(
      (state) => query.outdated === undefined || state.outdated === query.outdated,
    );
    const page = arrayPage(
      states,
      ({ review }) => orderKey(review.createdAt, review.id),
      pageRequest(query),
    );
    const items = await reviewsResponse(
      services,
      actor,
      scope,
      page.items,
      query.format ?? 'markdown',
    );
    return { status: 200, body: presentList({ ...page, items }, (item) => item) };
  },

  submitChangeRequestReview: async ({ params, body, actor, services }) => {
    const scope = await reviewScope(services, actor, params);
    const comment =
      body.comment === undefined
        ? undefined
        : await readCommentBody(
            services.db,
            services.documents,
            scope.space.organizationId,
            commentInputOf(body.comment),
            'body.comment',
          );
    const review = await submitReview(
      services.db,
      actor,
      scope,
      { status: body.status, comment },
      services.clock.now(),
    );
    // A review just made is of the current revision, its reviewer's latest, and it fulfilled
    // their request: it is current.
    const [answer] = await reviewsResponse(
      services,
      actor,
      scope,
      [{ review, outdated: false }],
      'markdown',
    );
    if (answer === undefined) throw new Error(`Review ${review.id} could not be presented`);
    return { status: 201, body: answer, headers: { Location: answer.urls.location } };
  },

  getChangeRequestReviewById: async ({ params, query, actor, services }) => {
    const scope = await reviewScope(services, actor, params);
    const state = (await readReviewStates(services.db, scope.changeRequest)).find(
      (candidate) => candidate.review.id === params.reviewId,
    );
    if (state === undefined) {
      throw notFound(`Review ${params.reviewId} not found in this change request`);
    }
    const [answer] = await reviewsResponse(
      services,
      actor,
      scope,
      [state],
      query.format ?? 'markdown',
    );
    if (answer === undefined) throw new Error(`Review ${state.review.id} could not be presented`);
    return { status: 200, body: answer };
  },

  getRequestedReviewersByChangeRequestId: async ({ params, query, actor, services }) => {
    const { changeRequest } = await reviewScope(services, actor, params);
    const page = arrayPage(
      await listReviewRequestsOf(services.db, changeRequest.id),
      (request) => orderKey(request.createdAt, request.userId),
      pageRequest(query),
    );
    const items = await requestsResponse(services, page.items);
    return { status: 200, body: presentList({ ...page, items }, (item) => item) };
  },

  requestReviewersForChangeRequest: async ({ params, body, actor, services }) => {
    const scope = await reviewScope(services, actor, params);
    requireSpaceRole(scope.role, 'edit', 'ask for reviews');
    const description =
      body.description === undefined
        ? undefined
        : await prepareBody({ document: body.description }, 'body.description', services.documents);
    const requests = await requestReviews(
      services.db,
      actor,
      scope,
      { users: body.users, subject: body.subject, description },
      services.clock.now(),
    );
    return { status: 200, body: { users: await requestsResponse(services, requests) } };
  },

  removeRequestedReviewerFromChangeRequest: async ({ params, actor, services }) => {
    const scope = await reviewScope(services, actor, params);
    requireSpaceRole(scope.role, 'edit', 'withdraw review requests');
    await withdrawReviewRequest(services.db, actor, scope, params.userId, services.clock.now());
    return { status: 204 };
  },
};
