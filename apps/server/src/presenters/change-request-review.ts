import type { components } from '@quire/contract';
import type { ReviewState } from '../domain/change-requests/review-state.js';
import type { ReviewRequestRecord } from '../store/change-request-reviews.js';
import type { UserRecord } from '../store/users.js';
import type { Urls } from './urls.js';
import { presentUser } from './user.js';

type Schemas = components['schemas'];

/** The people reviews and requests name, by user id. */
export type People = ReadonlyMap<string, UserRecord>;

function personIn(people: People, id: string): UserRecord {
  const user = people.get(id);
  if (user === undefined) throw new Error(`User ${id} of a review is not loaded`);
  return user;
}

/** A review as the API shows it, with the comment posted with it when it still exists. */
export function presentReview(
  { review, outdated }: ReviewState,
  spaceId: string,
  people: People,
  comment: Schemas['Comment'] | undefined,
  urls: Urls,
): Schemas['ChangeRequestReview'] {
  return {
    object: 'change-request-review',
    id: review.id,
    revision: review.revisionId,
    reviewer: presentUser(personIn(people, review.reviewerId), urls),
    ...(review.requestedBy === null
      ? {}
      : { requestedBy: presentUser(personIn(people, review.requestedBy), urls) }),
    status: review.status,
    outdated,
    ...(comment === undefined ? {} : { comment }),
    createdAt: review.createdAt,
    // A review is never edited: a new review supersedes it.
    updatedAt: review.createdAt,
    urls: {
      location: urls.api(
        'spaces',
        spaceId,
        'change-requests',
        review.changeRequestId,
        'reviews',
        review.id,
      ),
    },
  };
}

/** A pending review request as the API shows it. */
export function presentRequestedReviewer(
  request: ReviewRequestRecord,
  people: People,
  urls: Urls,
): Schemas['ChangeRequestRequestedReviewer'] {
  return {
    object: 'change-request-requested-reviewer',
    kind: 'user',
    user: presentUser(personIn(people, request.userId), urls),
    revision: request.revisionId,
    requestedBy: presentUser(personIn(people, request.requestedBy), urls),
    createdAt: request.createdAt,
  };
}
