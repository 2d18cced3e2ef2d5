import type { components } from '@quire/contract';
import type { TestServer, TestUser } from './test-server.js';

type Review = components['schemas']['ChangeRequestReview'];
type ReviewStatus = components['schemas']['ChangeRequestReviewStatus'];
type ReviewComment = { markdown: string } | { object: 'document'; nodes: unknown[] };

/**
 * Reviews a change request as `user`, a second after the last thing the test clock saw, so
 * that each review is later than the one before. The server and space are read at each call, as
 * tests set them in `beforeAll`.
 * @example const review = reviewing(() => server, () => spaceId); await review(lead, id, 'approved');
 */
export function reviewing(server: () => TestServer, spaceId: () => string) {
  return (
    user: TestUser,
    changeRequestId: string,
    status: ReviewStatus,
    comment?: ReviewComment,
  ): Promise<Review> => {
    server().clock.advance(1000);
    return user.client.POST('/spaces/{spaceId}/change-requests/{changeRequestId}/reviews', {
      params: { path: { spaceId: spaceId(), changeRequestId } },
      body: comment === undefined ? { status } : { status, comment },
    });
  };
}
