import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError } from './support/expect-api-error.js';
import {
  createStaffedOrganization,
  type StaffedOrganization,
  startTestServer,
  type TestServer,
  type TestUser,
} from './support/test-server.js';

describe('change requests', () => {
  let server: TestServer;
  let staff: StaffedOrganization;
  let editor: TestUser;
  let spaceId: string;

  beforeAll(async () => {
    server = await startTestServer();
    staff = await createStaffedOrganization(server);
    editor = await server.createUser({ organizationId: staff.organizationId, role: 'edit' });
    spaceId = (
      await staff.admin.client.POST('/orgs/{organizationId}/spaces', {
        params: { path: { organizationId: staff.organizationId } },
        body: { title: 'Handbook' },
      })
    ).id;
  });
  afterAll(() => server.close());

  const create = (user: TestUser, subject?: string, space = spaceId) =>
    user.client.POST('/spaces/{spaceId}/change-requests', {
      params: { path: { spaceId: space } },
      body: subject === undefined ? {} : { subject },
    });
  const readSpace = () =>
    staff.admin.client.GET('/spaces/{spaceId}', { params: { path: { spaceId } } });

  it('creates numbered change requests on the current revision, for editors and up', async () => {
    const space = await readSpace();
    const first = await create(editor, 'Fix the install guide');
    expect(first).toMatchObject({
      object: 'change-request',
      number: 1,
      status: 'open',
      subject: 'Fix the install guide',
      createdBy: { id: editor.user.id },
      space: spaceId,
      revision: space.revision,
      revisionInitial: space.revision,
      comments: 0,
      outdated: false,
    });
    const byNumber = await staff.reader.client.GET(
      '/spaces/{spaceId}/change-requests/{changeRequestId}',
      {
        params: { path: { spaceId, changeRequestId: '1' } },
      },
    );
    expect(byNumber.id).toBe(first.id);
    const byId = await staff.reader.client.GET(
      '/spaces/{spaceId}/change-requests/{changeRequestId}',
      {
        params: { path: { spaceId, changeRequestId: first.id } },
      },
    );
    expect(byId).toEqual(byNumber);

    await expectApiError(create(staff.reader), 403, /edit role or higher/);
    await expectApiError(create(staff.outsider), 404);
    await expectApiError(
      staff.outsider.client.GET('/spaces/{spaceId}/change-requests/{changeRequestId}', {
        params: { path: { spaceId, changeRequestId: '1' } },
      }),
      404,
    );
    await expectApiError(create(editor, 'x'.repeat(101)), 400, /body\.subject/);
    for (const blank of ['   ', '\u200B\u200D', ' \uFEFF ']) {
      await expectApiError(
        create(editor, blank),
        400,
        /body\.subject must be empty or must have a character other than white space/,
      );
    }
    const counters = await readSpace();
    expect([
      counters.changeRequests,
      counters.changeRequestsOpen,
      counters.changeRequestsDraft,
    ]).toEqual([1, 1, 0]);
  });

  it('numbers 50 concurrent creates exactly 1..50 in a fresh space', async () => {
    const other = await staff.admin.client.POST('/orgs/{organizationId}/spaces', {
      params: { path: { organizationId: staff.organizationId } },
      body: { title: 'Busy' },
    });
    const created = await Promise.all(
      Array.from({ length: 50 }, (_, index) => create(editor, `Change ${index}`, other.id)),
    );
    expect(created.map((changeRequest) => changeRequest.number).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 50 }, (_, index) => index + 1),
    );
    const space = await staff.admin.client.GET('/spaces/{spaceId}', {
      params: { path: { spaceId: other.id } },
    });
    expect([space.changeRequests, space.changeRequestsOpen]).toEqual([50, 50]);
  });

  it('changes subject and status, keeps the counters live, and filters the list by status', async () => {
    const changeRequest = await create(editor, 'Draft me');
    const path = { spaceId, changeRequestId: changeRequest.id };
    const drafted = await editor.client.PATCH(
      '/spaces/{spaceId}/change-requests/{changeRequestId}',
      {
        params: { path },
        body: { status: 'draft', subject: 'Drafted' },
      },
    );
    expect(drafted).toMatchObject({ status: 'draft', subject: 'Drafted' });
    let space = await readSpace();
    expect([space.changeRequests, space.changeRequestsOpen, space.changeRequestsDraft]).toEqual([
      2, 1, 1,
    ]);

    const open = await staff.reader.client.GET('/spaces/{spaceId}/change-requests', {
      params: { path: { spaceId } },
    });
    expect(open.items.map((item) => item.number)).toEqual([1]);
    const drafts = await staff.reader.client.GET('/spaces/{spaceId}/change-requests', {
      params: { path: { spaceId }, query: { status: 'draft' } },
    });
    expect(drafts.items.map((item) => item.id)).toEqual([changeRequest.id]);
    const mine = await staff.reader.client.GET('/spaces/{spaceId}/change-requests', {
      params: { path: { spaceId }, query: { contributor: staff.admin.user.id } },
    });
    expect(mine).toEqual({ items: [], count: 0 });

    await editor.client.PATCH('/spaces/{spaceId}/change-requests/{changeRequestId}', {
      params: { path },
      body: { status: 'archived' },
    });
    space = await readSpace();
    expect([space.changeRequests, space.changeRequestsOpen, space.changeRequestsDraft]).toEqual([
      2, 1, 0,
    ]);

    await expectApiError(
      staff.reader.client.PATCH('/spaces/{spaceId}/change-requests/{changeRequestId}', {
        params: { path },
        body: { subject: 'Nope' },
      }),
      403,
    );
    await expectApiError(
      editor.client.PATCH('/spaces/{spaceId}/change-requests/{changeRequestId}', {
        params: { path },
        // @ts-expect-error only a merge makes a change request merged
        body: { status: 'merged' },
      }),
      400,
      /body\.status must be one of: draft, open, archived/,
    );
    await expectApiError(
      editor.client.PATCH('/spaces/{spaceId}/change-requests/{changeRequestId}', {
        params: { path },
        body: {},
      }),
      400,
    );
  });

  it('pages through the list, most recently updated first, or by creation, or by creator', async () => {
    const space = await staff.admin.client.POST('/orgs/{organizationId}/spaces', {
      params: { path: { organizationId: staff.organizationId } },
      body: { title: 'Paged' },
    });
    const created: { id: string }[] = [];
    for (let index = 0; index < 5; index += 1) {
      server.clock.advance(1000);
      created.push(await create(index === 4 ? staff.admin : editor, `CR ${index}`, space.id));
    }
    server.clock.advance(1000);
    await editor.client.PATCH('/spaces/{spaceId}/change-requests/{changeRequestId}', {
      params: { path: { spaceId: space.id, changeRequestId: created[0]?.id ?? '' } },
      body: { subject: 'Touched last' },
    });
    const list = (query: Record<string, string | number>) =>
      editor.client.GET('/spaces/{spaceId}/change-requests', {
        params: { path: { spaceId: space.id }, query },
      });
    const first = await list({ limit: 2 });
    expect(first.items.map((item) => item.number)).toEqual([1, 5]);
    expect(first.count).toBe(5);
    const second = await list({ limit: 2, page: first.next?.page ?? '' });
    expect(second.items.map((item) => item.number)).toEqual([4, 3]);
    const byCreation = await list({ orderBy: 'createdAt' });
    expect(byCreation.items.map((item) => item.number)).toEqual([5, 4, 3, 2, 1]);
    const byAdmin = await list({ creator: staff.admin.user.id });
    expect(byAdmin.items.map((item) => item.number)).toEqual([5]);
    const contradictory = await list({
      creator: staff.admin.user.id,
      contributor: editor.user.id,
    });
    expect(contradictory.count).toBe(0);
  });

  it('refuses new change requests on a locked space', async () => {
    const locked = await staff.admin.client.POST('/orgs/{organizationId}/spaces', {
      params: { path: { organizationId: staff.organizationId } },
      body: { title: 'Frozen', editMode: 'locked' },
    });
    await expectApiError(create(staff.admin, 'No', locked.id), 409, /locked/);
    const space = await staff.admin.client.GET('/spaces/{spaceId}', {
      params: { path: { spaceId: locked.id } },
    });
    expect(space.changeRequests).toBe(0);
  });
});
