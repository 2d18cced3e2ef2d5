import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError } from './support/expect-api-error.js';
import { reviewing } from './support/reviewing.js';
import { spaceEditing } from './support/space-editing.js';
import {
  createStaffedOrganization,
  type StaffedOrganization,
  startTestServer,
  type TestServer,
  type TestUser,
} from './support/test-server.js';

describe('change request reviews', () => {
  let server: TestServer;
  let staff: StaffedOrganization;
  let author: TestUser;
  let reviewer: TestUser;
  let commenter: TestUser;
  let spaceId: string;

  beforeAll(async () => {
    server = await startTestServer();
    staff = await createStaffedOrganization(server);
    const { organizationId } = staff;
    author = await server.createUser({ organizationId, role: 'edit' });
    reviewer = await server.createUser({ organizationId, role: 'review' });
    commenter = await server.createUser({ organizationId, role: 'comment' });
    spaceId = (
      await staff.admin.client.POST('/orgs/{organizationId}/spaces', {
        params: { path: { organizationId } },
        body: { title: 'Runbooks' },
      })
    ).id;
  });
  afterAll(() => server.close());

  const editing = () => spaceEditing(author, () => spaceId);
  const cr = (changeRequestId: string) => ({ params: { path: { spaceId, changeRequestId } } });
  const review = reviewing(
    () => server,
    () => spaceId,
  );
  const reviews = (user: TestUser, changeRequestId: string, outdated?: boolean) =>
    user.client.GET('/spaces/{spaceId}/change-requests/{changeRequestId}/reviews', {
      params: {
        path: { spaceId, changeRequestId },
        query: outdated === undefined ? {} : { outdated },
      },
    });
  const ask = (user: TestUser, changeRequestId: string, users: string[], extra = {}) => {
    server.clock.advance(1000);
    return user.client.POST(
      '/spaces/{spaceId}/change-requests/{changeRequestId}/requested-reviewers',
      { ...cr(changeRequestId), body: { users, ...extra } },
    );
  };
  const requested = (changeRequestId: string) =>
    staff.reader.client.GET(
      '/spaces/{spaceId}/change-requests/{changeRequestId}/requested-reviewers',
      cr(changeRequestId),
    );
  const auditActions = async () =>
    (
      await staff.admin.client.GET('/orgs/{organizationId}/audit-events', {
        params: { path: { organizationId: staff.organizationId }, query: { limit: 100 } },
      })
    ).items.map((event) => event.action);

  it('asks members to review, renews requests, and lists change requests by requested reviewer', async () => {
    const changeRequestId = await editing().openChangeRequest();
    const asked = await ask(author, changeRequestId, [reviewer.user.id, commenter.user.id], {
      subject: 'Rotate the keys',
      description: {
        object: 'document',
        nodes: [
          {
            object: 'block',
            type: 'paragraph',
            nodes: [
              {
                object: 'text',
                leaves: [{ object: 'leaf', text: 'Why: yearly rotation.', marks: [] }],
              },
            ],
          },
        ],
      },
    });
    expect(asked.users.map((request) => [request.kind, request.user.id])).toEqual([
      ['user', reviewer.user.id],
      ['user', commenter.user.id],
    ]);
    expect(asked.users[0]).toMatchObject({
      object: 'change-request-requested-reviewer',
      requestedBy: { id: author.user.id },
    });
    const changeRequest = await author.client.GET(
      '/spaces/{spaceId}/change-requests/{changeRequestId}',
      cr(changeRequestId),
    );
    expect(changeRequest.subject).toBe('Rotate the keys');
    expect(changeRequest.description?.nodes).toHaveLength(1);
    expect(asked.users[0]?.revision).toBe(changeRequest.revision);

    const listed = await requested(changeRequestId);
    expect(listed.items.map((request) => request.user.id).sort()).toEqual(
      [reviewer.user.id, commenter.user.id].sort(),
    );
    const forReviewer = await staff.reader.client.GET('/spaces/{spaceId}/change-requests', {
      params: { path: { spaceId }, query: { requestedReviewer: reviewer.user.id } },
    });
    expect(forReviewer.items.map((item) => item.id)).toEqual([changeRequestId]);
    const forAdmin = await staff.reader.client.GET('/spaces/{spaceId}/change-requests', {
      params: { path: { spaceId }, query: { requestedReviewer: staff.admin.user.id } },
    });
    expect(forAdmin.items).toEqual([]);

    // Asking again renews the request; nobody is listed twice.
    await ask(author, changeRequestId, [reviewer.user.id]);
    expect((await requested(changeRequestId)).items).toHaveLength(2);

    await expectApiError(ask(staff.reader, changeRequestId, [reviewer.user.id]), 403, /edit role/);
    await expectApiError(ask(author, changeRequestId, [author.user.id]), 400, /author/);
    await expectApiError(ask(author, changeRequestId, [staff.reader.user.id]), 400, /comment role/);
    await expectApiError(
      ask(author, changeRequestId, [staff.outsider.user.id]),
      400,
      /comment role/,
    );
    await expectApiError(ask(author, changeRequestId, ['nobody-at-all']), 400, /not a user/);
    await expectApiError(ask(author, changeRequestId, []), 400, /body\.users/);
    // A refused request changes nothing, not even the subject it carried.
    await expectApiError(
      ask(author, changeRequestId, [reviewer.user.id, author.user.id], { subject: 'Changed' }),
      400,
    );
    const unchanged = await author.client.GET(
      '/spaces/{spaceId}/change-requests/{changeRequestId}',
      cr(changeRequestId),
    );
    expect(unchanged.subject).toBe('Rotate the keys');

    const remove = (user: TestUser, userId: string) =>
      user.client.DELETE(
        '/spaces/{spaceId}/change-requests/{changeRequestId}/requested-reviewers/{userId}',
        { params: { path: { spaceId, changeRequestId, userId } } },
      );
    await expectApiError(remove(staff.reader, commenter.user.id), 403);
    await remove(author, commenter.user.id);
    await remove(author, commenter.user.id);
    expect((await requested(changeRequestId)).items.map((item) => item.user.id)).toEqual([
      reviewer.user.id,
    ]);
    const actions = await auditActions();
    expect(actions.filter((action) => action === 'change_request.reviewer_removed')).toHaveLength(
      1,
    );
    expect(actions).toContain('change_request.reviewers_requested');
  });

  it('records reviews of the current revision, fulfils requests and outdates superseded reviews', async () => {
    const { openChangeRequest, apply } = editing();
    const changeRequestId = await openChangeRequest();
    await apply(changeRequestId, [
      { operation: 'insert_page', title: 'Rotation', document: { markdown: 'Rotate yearly.' } },
    ]);
    await ask(author, changeRequestId, [commenter.user.id, reviewer.user.id]);

    // A member asked to review may, though their role alone would not let them.
    const approval = await review(commenter, changeRequestId, 'approved');
    expect(approval).toMatchObject({
      object: 'change-request-review',
      reviewer: { id: commenter.user.id },
      requestedBy: { id: author.user.id },
      status: 'approved',
      outdated: false,
    });
    expect(approval.urls.location).toMatch(
      new RegExp(`/spaces/${spaceId}/change-requests/${changeRequestId}/reviews/${approval.id}$`),
    );
    expect((await requested(changeRequestId)).items.map((item) => item.user.id)).toEqual([
      reviewer.user.id,
    ]);

    const asking = await review(reviewer, changeRequestId, 'changes-requested', {
      markdown: 'Say **who** rotates them.',
    });
    expect(asking.comment).toMatchObject({
      object: 'comment',
      postedBy: { id: reviewer.user.id },
      target: { changeRequest: changeRequestId, review: asking.id },
    });
    expect(asking.comment?.body).toMatchObject({ markdown: 'Say **who** rotates them.\n' });
    const thread = await staff.reader.client.GET(
      '/spaces/{spaceId}/change-requests/{changeRequestId}/comments',
      cr(changeRequestId),
    );
    expect(thread.items.map((comment) => comment.target.review)).toEqual([asking.id]);

    // A reviewer's new review supersedes their old one.
    const second = await review(reviewer, changeRequestId, 'approved', {
      object: 'document',
      nodes: [
        {
          object: 'block',
          type: 'paragraph',
          nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: 'Fine now.', marks: [] }] }],
        },
      ],
    });
    expect(second.comment?.body).toMatchObject({ markdown: 'Fine now.\n' });
    const all = await reviews(staff.reader, changeRequestId);
    expect(all.items.map((item) => [item.id, item.outdated])).toEqual([
      [approval.id, false],
      [asking.id, true],
      [second.id, false],
    ]);
    expect(
      (await reviews(staff.reader, changeRequestId, true)).items.map((item) => item.id),
    ).toEqual([asking.id]);
    const one = await staff.reader.client.GET(
      '/spaces/{spaceId}/change-requests/{changeRequestId}/reviews/{reviewId}',
      {
        params: {
          path: { spaceId, changeRequestId, reviewId: asking.id },
          query: { format: 'document' },
        },
      },
    );
    expect(one).toMatchObject({ id: asking.id, status: 'changes-requested', outdated: true });
    expect(one.comment?.body).toHaveProperty('document');

    // Editing the content outdates every review of the old revision.
    await apply(changeRequestId, [
      { operation: 'insert_page', title: 'Owners', document: { markdown: 'The platform team.' } },
    ]);
    expect((await reviews(staff.reader, changeRequestId, false)).items).toEqual([]);

    // Asking a reviewer again outdates what they said before.
    await ask(author, changeRequestId, [commenter.user.id]);
    const fresh = await review(commenter, changeRequestId, 'approved');
    await ask(author, changeRequestId, [commenter.user.id]);
    const afterAsk = await staff.reader.client.GET(
      '/spaces/{spaceId}/change-requests/{changeRequestId}/reviews/{reviewId}',
      { params: { path: { spaceId, changeRequestId, reviewId: fresh.id } } },
    );
    expect(afterAsk.outdated).toBe(true);
    expect(await auditActions()).toContain('change_request.review_submitted');
  });

  it('lets only members who may review do so, and only while the change request is active', async () => {
    const { openChangeRequest, apply } = editing();
    const { merge } = spaceEditing(staff.admin, () => spaceId);
    const changeRequestId = await openChangeRequest();
    await apply(changeRequestId, [
      { operation: 'insert_page', title: 'Access', document: { markdown: 'Who gets in.' } },
    ]);
    await expectApiError(review(author, changeRequestId, 'approved'), 403, /author/);
    await expectApiError(review(commenter, changeRequestId, 'approved'), 403, /review role/);
    await expectApiError(review(staff.reader, changeRequestId, 'approved'), 403);
    await expectApiError(review(staff.outsider, changeRequestId, 'approved'), 404);
    await expectApiError(
      reviewer.client.POST('/spaces/{spaceId}/change-requests/{changeRequestId}/reviews', {
        ...cr(changeRequestId),
        // @ts-expect-error: a status GitBook does not have
        body: { status: 'maybe' },
      }),
      400,
      /body\.status/,
    );
    await expectApiError(
      review(reviewer, changeRequestId, 'approved', { markdown: '  ' }),
      400,
      /empty/,
    );
    expect((await reviews(staff.reader, changeRequestId)).items).toEqual([]);
    await expectApiError(
      staff.reader.client.GET(
        '/spaces/{spaceId}/change-requests/{changeRequestId}/reviews/{reviewId}',
        { params: { path: { spaceId, changeRequestId, reviewId: 'no-such-review' } } },
      ),
      404,
    );

    const approval = await review(reviewer, changeRequestId, 'approved');
    const view = await reviewer.client.GET(
      '/spaces/{spaceId}/change-requests/{changeRequestId}',
      cr(changeRequestId),
    );
    expect(view.permissions).toEqual({ edit: true, review: true, merge: true });
    expect(view.unmetMergeRules).toEqual([]);
    const own = await author.client.GET(
      '/spaces/{spaceId}/change-requests/{changeRequestId}',
      cr(changeRequestId),
    );
    expect(own.permissions).toEqual({ edit: true, review: false, merge: false });

    await merge(changeRequestId);
    await expectApiError(review(reviewer, changeRequestId, 'approved'), 409, /merged/);
    await expectApiError(ask(author, changeRequestId, [reviewer.user.id]), 409, /merged/);
    // The review made before the merge is still there, on the revision that was merged.
    expect((await reviews(staff.reader, changeRequestId)).items.map((item) => item.id)).toEqual([
      approval.id,
    ]);
  });

  it('sends reviews, requests and refused merges to the webhooks that subscribe to them', async () => {
    const organization = { params: { path: { organizationId: staff.organizationId } } };
    const webhook = await staff.admin.client.POST('/orgs/{organizationId}/webhooks', {
      ...organization,
      body: {
        url: 'https://hooks.example.com/reviews',
        events: [
          'change_request.reviewers_requested',
          'change_request.review_submitted',
          'change_request.merge_refused',
        ],
      },
    });
    const changeRequestId = await editing().openChangeRequest();
    await ask(author, changeRequestId, [reviewer.user.id]);
    await review(reviewer, changeRequestId, 'changes-requested');
    await staff.admin.client.PATCH('/spaces/{spaceId}', {
      params: { path: { spaceId } },
      body: { mergeRules: { type: 'rules', rules: [{ rule: 'require_all_reviews_approved' }] } },
    });
    await expectApiError(
      spaceEditing(staff.admin, () => spaceId).merge(changeRequestId),
      409,
      /require_all_reviews_approved/,
    );
    await staff.admin.client.PATCH('/spaces/{spaceId}', {
      params: { path: { spaceId } },
      body: { mergeRules: { type: 'inherit' } },
    });
    const sent = await staff.admin.client.GET(
      '/orgs/{organizationId}/webhooks/{webhookId}/deliveries',
      { params: { path: { organizationId: staff.organizationId, webhookId: webhook.id } } },
    );
    expect(sent.items.map((delivery) => delivery.event.action).sort()).toEqual([
      'change_request.merge_refused',
      'change_request.review_submitted',
      'change_request.reviewers_requested',
    ]);
  });

  it('lets a change request comment be about one of its reviews, and no other', async () => {
    const first = await editing().openChangeRequest();
    const second = await editing().openChangeRequest();
    const approval = await review(reviewer, first, 'approved');
    const post = (changeRequestId: string, reviewId: string) =>
      commenter.client.POST('/spaces/{spaceId}/change-requests/{changeRequestId}/comments', {
        ...cr(changeRequestId),
        body: { body: { markdown: 'Thanks!' }, review: reviewId },
      });
    const comment = await post(first, approval.id);
    expect(comment.target).toMatchObject({ changeRequest: first, review: approval.id });
    await expectApiError(post(second, approval.id), 400, /body\.review/);
    await expectApiError(
      commenter.client.POST('/spaces/{spaceId}/comments', {
        params: { path: { spaceId } },
        body: { body: { markdown: 'Thanks!' }, review: approval.id },
      }),
      400,
      /body\.review/,
    );
  });
});
