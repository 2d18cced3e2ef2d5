import type { components } from '@quire/contract';
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

type OrganizationRules = components['schemas']['MergeRulesStandaloneConfiguration'];
type SpaceRules = components['schemas']['MergeRulesSpaceConfiguration'];

describe('merge rules', () => {
  let server: TestServer;
  let staff: StaffedOrganization;
  let author: TestUser;
  let lead: TestUser;
  let second: TestUser;
  let spaceId: string;

  beforeAll(async () => {
    server = await startTestServer();
    staff = await createStaffedOrganization(server);
    const { organizationId } = staff;
    author = await server.createUser({ organizationId, role: 'review' });
    lead = await server.createUser({ organizationId, role: 'review' });
    second = await server.createUser({ organizationId, role: 'review' });
    spaceId = (
      await staff.admin.client.POST('/orgs/{organizationId}/spaces', {
        params: { path: { organizationId } },
        body: { title: 'Policies' },
      })
    ).id;
  });
  afterAll(() => server.close());

  const setOrganizationRules = (mergeRules: OrganizationRules, user = staff.admin) =>
    user.client.PATCH('/orgs/{organizationId}', {
      params: { path: { organizationId: staff.organizationId } },
      body: { mergeRules },
    });
  const setSpaceRules = (mergeRules: SpaceRules, user = staff.admin) =>
    user.client.PATCH('/spaces/{spaceId}', { params: { path: { spaceId } }, body: { mergeRules } });
  const cr = (changeRequestId: string) => ({ params: { path: { spaceId, changeRequestId } } });
  const read = (user: TestUser, changeRequestId: string) =>
    user.client.GET('/spaces/{spaceId}/change-requests/{changeRequestId}', cr(changeRequestId));
  const review = reviewing(
    () => server,
    () => spaceId,
  );
  const merge = (user: TestUser, changeRequestId: string) =>
    user.client.POST(
      '/spaces/{spaceId}/change-requests/{changeRequestId}/merge',
      cr(changeRequestId),
    );
  /** A change request by `author` with one new page, and its subject. */
  const proposal = async (subject = 'A proposal') => {
    const { openChangeRequest, apply } = spaceEditing(author, () => spaceId);
    const changeRequestId = await openChangeRequest();
    await apply(changeRequestId, [
      {
        operation: 'insert_page',
        title: `Page ${changeRequestId}`,
        document: { markdown: 'Text.' },
      },
    ]);
    await author.client.PATCH('/spaces/{spaceId}/change-requests/{changeRequestId}', {
      ...cr(changeRequestId),
      body: { subject },
    });
    return changeRequestId;
  };
  const unmet = async (user: TestUser, changeRequestId: string) =>
    (await read(user, changeRequestId)).unmetMergeRules?.map((rule) => rule.rule);
  const spaceRevision = async () =>
    (await staff.admin.client.GET('/spaces/{spaceId}', { params: { path: { spaceId } } })).revision;

  it('are set by admins on the organization and each space, naming only members', async () => {
    const organization = await setOrganizationRules({
      type: 'rules',
      rules: [{ rule: 'require_at_least_one_approved_review' }],
    });
    expect(organization.mergeRules).toEqual({
      type: 'rules',
      rules: [{ rule: 'require_at_least_one_approved_review' }],
    });
    const space = await staff.admin.client.GET('/spaces/{spaceId}', {
      params: { path: { spaceId } },
    });
    expect(space.mergeRules).toEqual({ type: 'inherit' });

    await expectApiError(
      setOrganizationRules({
        type: 'rules',
        rules: [{ rule: 'allow_bypass', users: [staff.outsider.user.id] }],
      }),
      400,
      /not a member/,
    );
    await expectApiError(
      setSpaceRules({
        type: 'rules',
        rules: [{ rule: 'require_specific_reviewers', users: ['nobody'] }],
      }),
      400,
      /not a member/,
    );
    await expectApiError(
      setOrganizationRules(
        // @ts-expect-error: GitBook's custom expressions are not evaluated here
        { type: 'rules', rules: [{ rule: 'custom', expression: 'true' }] },
      ),
      400,
      /body\.mergeRules/,
    );
    await expectApiError(
      setOrganizationRules(
        { type: 'none' },
        await server.createUser({ organizationId: staff.organizationId, role: 'create' }),
      ),
      403,
    );
    await expectApiError(setSpaceRules({ type: 'none' }, lead), 403, /admin role/);
    const organizationAfter = await staff.admin.client.GET('/orgs/{organizationId}', {
      params: { path: { organizationId: staff.organizationId } },
    });
    expect(organizationAfter.mergeRules.type).toBe('rules');
  });

  it('refuse a merge that misses a rule with a 409 naming it, write nothing and record the refusal', async () => {
    await setOrganizationRules({
      type: 'rules',
      rules: [{ rule: 'require_at_least_one_approved_review' }],
    });
    const changeRequestId = await proposal();
    const before = await spaceRevision();
    const standing = await read(lead, changeRequestId);
    expect(standing.permissions?.merge).toBe(false);
    expect(standing.unmetMergeRules).toEqual([
      { rule: 'require_at_least_one_approved_review', message: expect.stringMatching(/approval/) },
    ]);
    await expectApiError(merge(lead, changeRequestId), 409, /require_at_least_one_approved_review/);
    expect(await spaceRevision()).toBe(before);
    expect((await read(lead, changeRequestId)).status).toBe('open');
    const refusals = await staff.admin.client.GET('/orgs/{organizationId}/audit-events', {
      params: {
        path: { organizationId: staff.organizationId },
        query: { action: 'change_request.merge_refused' },
      },
    });
    expect(refusals.items[0]).toMatchObject({ target: { id: changeRequestId } });

    // A request for changes does not count as an approval; an approval does.
    await review(second, changeRequestId, 'changes-requested');
    await expectApiError(merge(lead, changeRequestId), 409);
    await review(lead, changeRequestId, 'approved');
    expect((await read(lead, changeRequestId)).permissions?.merge).toBe(true);
    const merged = await merge(lead, changeRequestId);
    expect(merged.result).toBe('merge');
  });

  it('count only reviews of the current content', async () => {
    await setOrganizationRules({
      type: 'rules',
      rules: [{ rule: 'require_at_least_one_approved_review' }],
    });
    const changeRequestId = await proposal();
    await review(lead, changeRequestId, 'approved');
    await spaceEditing(author, () => spaceId).apply(changeRequestId, [
      { operation: 'insert_page', title: 'Late addition', document: { markdown: 'More.' } },
    ]);
    expect(await unmet(lead, changeRequestId)).toEqual(['require_at_least_one_approved_review']);
    await expectApiError(merge(lead, changeRequestId), 409);
  });

  it('evaluate each kind of rule, in order, and let a bypass override them', async () => {
    await setOrganizationRules({
      type: 'rules',
      rules: [
        { rule: 'require_specific_reviewers', users: [lead.user.id, second.user.id] },
        { rule: 'require_one_of_specific_reviewers', users: [second.user.id] },
        { rule: 'require_at_least_one_review' },
        { rule: 'require_all_reviews_approved' },
        { rule: 'require_change_request_subject' },
        { rule: 'require_change_request_description' },
        { rule: 'require_author_to_merge' },
        { rule: 'require_up_to_date_change_request' },
        { rule: 'allow_bypass', users: [staff.admin.user.id] },
      ],
    });
    const changeRequestId = await proposal('');
    expect(await unmet(lead, changeRequestId)).toEqual([
      'require_specific_reviewers',
      'require_one_of_specific_reviewers',
      'require_at_least_one_review',
      'require_change_request_subject',
      'require_change_request_description',
      'require_author_to_merge',
    ]);
    // The bypass names the admin: nothing stops them.
    expect(await unmet(staff.admin, changeRequestId)).toEqual([]);

    await review(lead, changeRequestId, 'changes-requested');
    expect(await unmet(author, changeRequestId)).toEqual([
      'require_specific_reviewers',
      'require_one_of_specific_reviewers',
      'require_all_reviews_approved',
      'require_change_request_subject',
      'require_change_request_description',
    ]);
    await review(lead, changeRequestId, 'approved');
    await review(second, changeRequestId, 'approved');
    await author.client.PATCH('/spaces/{spaceId}/change-requests/{changeRequestId}', {
      ...cr(changeRequestId),
      body: {
        subject: 'Retention policy',
        description: {
          object: 'document',
          nodes: [
            {
              object: 'block',
              type: 'paragraph',
              nodes: [
                {
                  object: 'text',
                  leaves: [{ object: 'leaf', text: 'Keep logs 30 days.', marks: [] }],
                },
              ],
            },
          ],
        },
      },
    });
    expect(await unmet(author, changeRequestId)).toEqual([]);
    expect(await unmet(lead, changeRequestId)).toEqual(['require_author_to_merge']);

    // The space moves on: the change request must be updated first, then reviewed again.
    const other = await proposal('Other');
    await merge(staff.admin, other);
    expect(await unmet(author, changeRequestId)).toEqual(['require_up_to_date_change_request']);
    await author.client.POST(
      '/spaces/{spaceId}/change-requests/{changeRequestId}/update',
      cr(changeRequestId),
    );
    expect(await unmet(author, changeRequestId)).toEqual([
      'require_specific_reviewers',
      'require_one_of_specific_reviewers',
      'require_at_least_one_review',
    ]);
    await review(lead, changeRequestId, 'approved');
    await review(second, changeRequestId, 'approved');
    expect((await merge(author, changeRequestId)).result).toBe('merge');
  });

  it('let a space keep its own rules or none, whatever its organization says', async () => {
    await setOrganizationRules({ type: 'rules', rules: [{ rule: 'require_at_least_one_review' }] });
    const updated = await setSpaceRules({ type: 'none' });
    expect(updated.mergeRules).toEqual({ type: 'none' });
    const free = await proposal();
    expect(await unmet(lead, free)).toEqual([]);
    await merge(lead, free);

    await setSpaceRules({ type: 'rules', rules: [{ rule: 'require_change_request_description' }] });
    const described = await proposal();
    expect(await unmet(lead, described)).toEqual(['require_change_request_description']);

    await setSpaceRules({ type: 'inherit' });
    expect(await unmet(lead, described)).toEqual(['require_at_least_one_review']);
    await setOrganizationRules({ type: 'none' });
    expect(await unmet(lead, described)).toEqual([]);
  });
});
