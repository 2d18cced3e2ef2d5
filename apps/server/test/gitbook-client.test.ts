import { GitBookAPI } from '@gitbook/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GitBookContract } from './support/gitbook-contract.js';
import {
  createStaffedOrganization,
  type StaffedOrganization,
  startTestServer,
  type TestServer,
  testBaseUrl,
} from './support/test-server.js';

// A representative flow driven by GitBook's own published client, every answer parsed against
// GitBook's own response schemas: what a tool written for GitBook meets when pointed at Quire.

type Answer<T> = Promise<{ data: T }>;
type Body = { markdown: string };

/**
 * The methods of GitBook's client the flow calls. Its own typings import `./client` without an
 * extension, which NodeNext resolution does not follow, so they are restated here; the calls
 * and answers are the client's own, and the answers are checked against GitBook's schemas.
 */
interface GitBookFlowClient {
  user: { getAuthenticatedUser(): Answer<{ id: string }> };
  orgs: {
    listOrganizationsForAuthenticatedUser(): Answer<{ items: { id: string }[] }>;
    createSpace(organizationId: string, body: { title: string }): Answer<{ id: string }>;
    createSite(
      organizationId: string,
      body: { title: string; spaces: string[] },
    ): Answer<{ id: string }>;
    getSiteById(organizationId: string, siteId: string): Answer<{ title: string }>;
    updateOrganizationById(
      organizationId: string,
      body: { mergeRules: { type: 'rules'; rules: { rule: string }[] } },
    ): Answer<{ mergeRules: { type: string } }>;
  };
  spaces: {
    getSpaceById(spaceId: string): Answer<{ title: string }>;
    createChangeRequest(spaceId: string, body: { subject: string }): Answer<{ id: string }>;
    updateChangeRequestContent(
      spaceId: string,
      changeRequestId: string,
      body: { changes: { operation: 'insert_page'; title: string; document: Body }[] },
      query?: { compat: boolean },
    ): Answer<{ object?: string; id?: string; changes?: { object: string }[] }>;
    listPagesInChangeRequest(
      spaceId: string,
      changeRequestId: string,
    ): Answer<{ pages: { title: string }[] }>;
    listChangeRequestsForSpace(spaceId: string): Answer<{ items: { id: string }[] }>;
    mergeChangeRequest(spaceId: string, changeRequestId: string): Answer<{ result: string }>;
    getChangeRequestById(
      spaceId: string,
      changeRequestId: string,
    ): Answer<{ permissions?: { merge: boolean } }>;
    requestReviewersForChangeRequest(
      spaceId: string,
      changeRequestId: string,
      body: { users: string[] },
    ): Answer<{ users: { user: { id: string } }[] }>;
    getRequestedReviewersByChangeRequestId(
      spaceId: string,
      changeRequestId: string,
    ): Answer<{ items: { user: { id: string } }[] }>;
    submitChangeRequestReview(
      spaceId: string,
      changeRequestId: string,
      body: { status: 'approved' | 'changes-requested'; comment?: unknown },
    ): Answer<{ id: string; status: string; comment?: { id: string } }>;
    getReviewsByChangeRequestId(
      spaceId: string,
      changeRequestId: string,
    ): Answer<{ items: { id: string; outdated: boolean }[] }>;
    getChangeRequestReviewById(
      spaceId: string,
      changeRequestId: string,
      reviewId: string,
    ): Answer<{ id: string }>;
    postCommentInSpace(spaceId: string, body: { body: Body }): Answer<{ id: string }>;
    postCommentReplyInSpace(
      spaceId: string,
      commentId: string,
      body: { body: Body },
    ): Answer<{ id: string }>;
    listCommentsInSpace(spaceId: string): Answer<{ items: { repliers: unknown[] }[] }>;
    listCommentersInSpace(spaceId: string): Answer<{ items: { user: { id: string } }[] }>;
  };
}
describe("GitBook's own client against Quire", () => {
  let server: TestServer;
  let staff: StaffedOrganization;
  const contract = new GitBookContract();

  /** GitBook's client, for one of our users, reaching the app in process. */
  const gitbookClient = (token: string): GitBookFlowClient =>
    new GitBookAPI({
      endpoint: testBaseUrl,
      authToken: token,
      serviceBinding: {
        fetch: async (input, init) => {
          const request = new Request(input, init);
          const response = await server.fetch(request);
          const text = await response.clone().text();
          if (response.headers.get('content-type')?.includes('application/json')) {
            const { pathname } = new URL(request.url);
            contract.check(request.method, pathname, response.status, JSON.parse(text));
          }
          return response;
        },
      },
    }) as unknown as GitBookFlowClient;

  beforeAll(async () => {
    server = await startTestServer();
    staff = await createStaffedOrganization(server);
  });
  afterAll(() => server.close());

  it('runs a space through a change request, comments and a site, every answer as GitBook parses it', async () => {
    const api = gitbookClient(staff.admin.token);
    const { data: user } = await api.user.getAuthenticatedUser();
    expect(user.id).toBe(staff.admin.user.id);
    const { data: organizations } = await api.orgs.listOrganizationsForAuthenticatedUser();
    expect(organizations.items.map((organization) => organization.id)).toContain(
      staff.organizationId,
    );

    const { data: space } = await api.orgs.createSpace(staff.organizationId, { title: 'Guides' });
    expect((await api.spaces.getSpaceById(space.id)).data.title).toBe('Guides');

    const { data: changeRequest } = await api.spaces.createChangeRequest(space.id, {
      subject: 'First pages',
    });
    const { data: compat } = await api.spaces.updateChangeRequestContent(
      space.id,
      changeRequest.id,
      {
        changes: [
          {
            operation: 'insert_page',
            title: 'Install',
            document: { markdown: '# Install\n\nRun `quire init`.\n' },
          },
        ],
      },
    );
    expect(compat).toMatchObject({ object: 'change-request', id: changeRequest.id });
    const { data: detailed } = await api.spaces.updateChangeRequestContent(
      space.id,
      changeRequest.id,
      { changes: [{ operation: 'insert_page', title: 'Usage', document: { markdown: 'Use.' } }] },
      { compat: false },
    );
    expect(detailed.changes?.map((change) => change.object)).toEqual(['created_page']);
    const { data: pages } = await api.spaces.listPagesInChangeRequest(space.id, changeRequest.id);
    expect(pages.pages.map((page) => page.title)).toEqual(['Install', 'Usage']);
    const { data: listed } = await api.spaces.listChangeRequestsForSpace(space.id);
    expect(listed.items.map((item) => item.id)).toEqual([changeRequest.id]);

    // Reviews under the organization's merge rules, GitBook's way.
    const { data: organization } = await api.orgs.updateOrganizationById(staff.organizationId, {
      mergeRules: { type: 'rules', rules: [{ rule: 'require_at_least_one_approved_review' }] },
    });
    expect(organization.mergeRules.type).toBe('rules');
    const blocked = await api.spaces.getChangeRequestById(space.id, changeRequest.id);
    expect(blocked.data.permissions?.merge).toBe(false);
    const { data: asked } = await api.spaces.requestReviewersForChangeRequest(
      space.id,
      changeRequest.id,
      { users: [staff.creator.user.id] },
    );
    expect(asked.users.map((request) => request.user.id)).toEqual([staff.creator.user.id]);
    const { data: waiting } = await api.spaces.getRequestedReviewersByChangeRequestId(
      space.id,
      changeRequest.id,
    );
    expect(waiting.items).toHaveLength(1);
    const reviewer = gitbookClient(staff.creator.token);
    const { data: approval } = await reviewer.spaces.submitChangeRequestReview(
      space.id,
      changeRequest.id,
      {
        status: 'approved',
        comment: {
          object: 'document',
          nodes: [
            {
              object: 'block',
              type: 'paragraph',
              nodes: [
                { object: 'text', leaves: [{ object: 'leaf', text: 'Ship it.', marks: [] }] },
              ],
            },
          ],
        },
      },
    );
    expect(approval.status).toBe('approved');
    expect(approval.comment?.id).toEqual(expect.any(String));
    const { data: reviews } = await api.spaces.getReviewsByChangeRequestId(
      space.id,
      changeRequest.id,
    );
    expect(reviews.items).toEqual([expect.objectContaining({ id: approval.id, outdated: false })]);
    const { data: one } = await api.spaces.getChangeRequestReviewById(
      space.id,
      changeRequest.id,
      approval.id,
    );
    expect(one.id).toBe(approval.id);
    const { data: merged } = await api.spaces.mergeChangeRequest(space.id, changeRequest.id);
    expect(merged.result).toBe('merge');

    const { data: comment } = await api.spaces.postCommentInSpace(space.id, {
      body: { markdown: 'Looks good.' },
    });
    await gitbookClient(staff.creator.token).spaces.postCommentReplyInSpace(space.id, comment.id, {
      body: { markdown: 'Thanks!' },
    });
    const { data: comments } = await api.spaces.listCommentsInSpace(space.id);
    expect(comments.items.map((item) => item.repliers.length)).toEqual([1]);
    const { data: commenters } = await api.spaces.listCommentersInSpace(space.id);
    expect(commenters.items.map((member) => member.user.id).sort()).toEqual(
      [staff.admin.user.id, staff.creator.user.id].sort(),
    );

    const { data: site } = await api.orgs.createSite(staff.organizationId, {
      title: 'Docs',
      spaces: [space.id],
    });
    expect((await api.orgs.getSiteById(staff.organizationId, site.id)).data.title).toBe('Docs');

    expect(contract.checked.length).toBeGreaterThan(12);
    // Every answer passes GitBook's schema (with the faults `GitBookContract` names put right).
    expect(contract.mismatches).toEqual([]);
  });
});
