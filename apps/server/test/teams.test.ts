import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError } from './support/expect-api-error.js';
import { expectEvery } from './support/expect-every.js';
import {
  createStaffedOrganization,
  type StaffedOrganization,
  startTestServer,
  type TestServer,
  type TestUser,
} from './support/test-server.js';

describe('teams and roles granted on spaces', () => {
  let server: TestServer;
  let staff: StaffedOrganization;
  let organizationId: string;
  const org = () => ({ params: { path: { organizationId } } });
  const onTeam = (teamId: string) => ({ params: { path: { organizationId, teamId } } });

  beforeAll(async () => {
    server = await startTestServer();
    staff = await createStaffedOrganization(server);
    organizationId = staff.organizationId;
  });
  afterAll(() => server.close());

  async function guest(): Promise<TestUser> {
    const user = await server.createUser({ organizationId, role: 'read' });
    await staff.admin.client.PATCH('/orgs/{organizationId}/members/{userId}', {
      params: { path: { organizationId, userId: user.user.id } },
      body: { role: null },
    });
    return user;
  }

  it('creates, lists, renames and deletes teams, admins only', async () => {
    await expectApiError(
      staff.creator.client.PUT('/orgs/{organizationId}/teams', { ...org(), body: { title: 'No' } }),
      403,
    );
    await expectApiError(
      staff.admin.client.PUT('/orgs/{organizationId}/teams', {
        ...org(),
        body: { title: 'x'.repeat(65) },
      }),
      400,
    );
    await expectApiError(
      staff.admin.client.PUT('/orgs/{organizationId}/teams', {
        ...org(),
        body: { title: 'Strangers', members: [staff.outsider.user.id] },
      }),
      400,
      new RegExp(staff.outsider.user.id),
    );
    const writers = await staff.admin.client.PUT('/orgs/{organizationId}/teams', {
      ...org(),
      body: { title: 'Writers', members: [staff.creator.user.id, staff.reader.user.id] },
    });
    expect(writers).toMatchObject({ object: 'team', title: 'Writers', members: 2, spaces: 0 });
    expect(writers.permissions).toEqual({ admin: true, view: true });
    server.clock.advance(1000);
    const readers = await staff.admin.client.PUT('/orgs/{organizationId}/teams', {
      ...org(),
      body: { title: 'Readers' },
    });
    const all = await staff.reader.client.GET('/orgs/{organizationId}/teams', org());
    expect(all.items.map((team) => team.title)).toEqual(['Writers', 'Readers']);
    expectEvery(all.items, (team) => !team.permissions.admin);
    const filtered = await staff.reader.client.GET('/orgs/{organizationId}/teams', {
      params: { path: { organizationId }, query: { title: 'WRIT' } },
    });
    expect(filtered.items.map((team) => team.id)).toEqual([writers.id]);
    const paged = await staff.reader.client.GET('/orgs/{organizationId}/teams', {
      params: { path: { organizationId }, query: { limit: 1 } },
    });
    const rest = await staff.reader.client.GET('/orgs/{organizationId}/teams', {
      params: { path: { organizationId }, query: { limit: 1, page: paged.next?.page ?? '' } },
    });
    expect([...paged.items, ...rest.items].map((team) => team.id)).toEqual([
      writers.id,
      readers.id,
    ]);
    await expectApiError(
      staff.creator.client.PATCH('/orgs/{organizationId}/teams/{teamId}', {
        ...onTeam(readers.id),
        body: { title: 'Mine' },
      }),
      403,
    );
    const renamed = await staff.admin.client.PATCH('/orgs/{organizationId}/teams/{teamId}', {
      ...onTeam(readers.id),
      body: { title: 'Audience' },
    });
    expect(renamed.title).toBe('Audience');
    await expectApiError(
      staff.reader.client.DELETE('/orgs/{organizationId}/teams/{teamId}', onTeam(readers.id)),
      403,
    );
    await staff.admin.client.DELETE('/orgs/{organizationId}/teams/{teamId}', onTeam(readers.id));
    await staff.admin.client.DELETE('/orgs/{organizationId}/teams/{teamId}', onTeam(readers.id));
    await expectApiError(
      staff.admin.client.GET('/orgs/{organizationId}/teams/{teamId}', onTeam(readers.id)),
      404,
    );
    await expectApiError(staff.outsider.client.GET('/orgs/{organizationId}/teams', org()), 404);
    const teamsOfCreator = await staff.reader.client.GET(
      '/orgs/{organizationId}/members/{userId}/teams',
      {
        params: {
          path: { organizationId, userId: staff.creator.user.id },
          query: { title: 'writ' },
        },
      },
    );
    expect(teamsOfCreator.items).toEqual([
      expect.objectContaining({
        team: expect.objectContaining({ id: writers.id }),
        member: { role: 'member' },
      }),
    ]);
  });

  it('lets team owners manage members, not plain members, with add, remove and roles', async () => {
    const team = await staff.admin.client.PUT('/orgs/{organizationId}/teams', {
      ...org(),
      body: { title: 'Owned' },
    });
    const path = onTeam(team.id);
    const onMember = (userId: string) => ({ params: { path: { ...path.params.path, userId } } });
    await staff.admin.client.PUT('/orgs/{organizationId}/teams/{teamId}/members/{userId}', {
      ...onMember(staff.creator.user.id),
      body: { role: 'owner' },
    });
    await staff.admin.client.PUT(
      '/orgs/{organizationId}/teams/{teamId}/members/{userId}',
      onMember(staff.reader.user.id),
    );
    // The owner manages the team, and its permissions say so; a plain member gets 403.
    const asOwner = await staff.creator.client.GET('/orgs/{organizationId}/teams/{teamId}', path);
    expect(asOwner.permissions).toEqual({ admin: true, view: true });
    const asMember = await staff.reader.client.GET('/orgs/{organizationId}/teams/{teamId}', path);
    expect(asMember.permissions).toEqual({ admin: false, view: true });
    const owned = await staff.reader.client.GET('/orgs/{organizationId}/teams', {
      params: { path: { organizationId }, query: { owner: staff.creator.user.id } },
    });
    expect(owned.items.map((item) => item.id)).toEqual([team.id]);
    await expectApiError(
      staff.reader.client.PUT('/orgs/{organizationId}/teams/{teamId}/members', {
        ...path,
        body: { add: [staff.admin.user.id] },
      }),
      403,
    );
    await expectApiError(
      staff.reader.client.DELETE(
        '/orgs/{organizationId}/teams/{teamId}/members/{userId}',
        onMember(staff.creator.user.id),
      ),
      403,
    );
    // The owner adds by email, removes, and a user in both add and remove is removed.
    const newcomer = await server.createUser({ organizationId, role: 'comment' });
    await staff.creator.client.PUT('/orgs/{organizationId}/teams/{teamId}/members', {
      ...path,
      body: {
        add: [newcomer.user.email.toUpperCase(), staff.reader.user.id, staff.admin.user.id],
        remove: [staff.reader.user.id],
        memberships: { [newcomer.user.id]: { role: 'owner' } },
      },
    });
    const members = await staff.reader.client.GET(
      '/orgs/{organizationId}/teams/{teamId}/members',
      path,
    );
    expect(members.items.map((item) => [item.organization.id, item.team.role]).sort()).toEqual(
      [
        [staff.creator.user.id, 'owner'],
        [newcomer.user.id, 'owner'],
        [staff.admin.user.id, 'member'],
      ].sort(),
    );
    expect(members.items[0]?.organization.teams).toBeGreaterThan(0);
    // An email of someone outside the organization is a 400 naming it; nothing changes.
    await expectApiError(
      staff.creator.client.PUT('/orgs/{organizationId}/teams/{teamId}/members', {
        ...path,
        body: { add: [staff.reader.user.id, staff.outsider.user.email] },
      }),
      400,
      new RegExp(staff.outsider.user.email.replace('.', '\\.')),
    );
    const after = await staff.admin.client.GET('/orgs/{organizationId}/teams/{teamId}', path);
    expect(after.members).toBe(3);
    await staff.creator.client.DELETE(
      '/orgs/{organizationId}/teams/{teamId}/members/{userId}',
      onMember(staff.admin.user.id),
    );
    await staff.creator.client.DELETE(
      '/orgs/{organizationId}/teams/{teamId}/members/{userId}',
      onMember(staff.admin.user.id),
    );
    const paged = await staff.admin.client.GET('/orgs/{organizationId}/teams/{teamId}/members', {
      ...path,
      params: { ...path.params, query: { limit: 1 } },
    });
    expect(paged.count).toBe(2);
    expect(paged.next).toBeDefined();
  });

  it('raises effective roles with user and team grants, never lowers them, and lets guests in', async () => {
    const space = await staff.admin.client.POST('/orgs/{organizationId}/spaces', {
      ...org(),
      body: { title: 'Granted' },
    });
    const onSpace = { params: { path: { spaceId: space.id } } };
    const visitor = await guest();
    // A guest without a grant sees nothing of the space or the organization.
    await expectApiError(visitor.client.GET('/spaces/{spaceId}', onSpace), 404);
    await expectApiError(visitor.client.GET('/orgs/{organizationId}', org()), 404);
    const before = await staff.admin.client.GET('/orgs/{organizationId}/members/{userId}', {
      params: { path: { organizationId, userId: visitor.user.id } },
    });
    expect(before.spaces).toBe(0);

    // Only space admins grant.
    await expectApiError(
      staff.creator.client.POST('/spaces/{spaceId}/permissions', {
        ...onSpace,
        body: { role: 'read', users: [visitor.user.id] },
      }),
      403,
    );
    await expectApiError(
      staff.admin.client.POST('/spaces/{spaceId}/permissions', {
        ...onSpace,
        body: { role: 'read' },
      }),
      400,
    );
    await expectApiError(
      staff.admin.client.POST('/spaces/{spaceId}/permissions', {
        ...onSpace,
        body: { role: 'read', users: [staff.outsider.user.id] },
      }),
      400,
    );
    await staff.admin.client.POST('/spaces/{spaceId}/permissions', {
      ...onSpace,
      body: { role: 'comment', users: [visitor.user.id] },
    });
    const asGuest = await visitor.client.GET('/spaces/{spaceId}', onSpace);
    expect(asGuest.permissions).toMatchObject({ view: true, comment: true, edit: false });
    const guestSpaces = await visitor.client.GET('/orgs/{organizationId}/members/{userId}/spaces', {
      params: { path: { organizationId, userId: visitor.user.id } },
    });
    expect(guestSpaces.items.map((item) => [item.space.id, item.permission])).toEqual([
      [space.id, 'comment'],
    ]);

    // A team grant raises the reader to edit; a lower grant never lowers a role.
    const team = await staff.admin.client.PUT('/orgs/{organizationId}/teams', {
      ...org(),
      body: { title: 'Editors', members: [staff.reader.user.id, visitor.user.id] },
    });
    await staff.admin.client.POST('/spaces/{spaceId}/permissions', {
      ...onSpace,
      body: { role: 'edit', teams: [team.id] },
    });
    const asReader = await staff.reader.client.GET('/spaces/{spaceId}', onSpace);
    expect(asReader.permissions).toMatchObject({ edit: true, review: false });
    const listed = await staff.reader.client.GET('/orgs/{organizationId}/spaces', org());
    expect(listed.items.find((item) => item.id === space.id)?.permissions.edit).toBe(true);
    expect((await visitor.client.GET('/spaces/{spaceId}', onSpace)).permissions.edit).toBe(true);
    server.clock.advance(1000);
    await staff.admin.client.PATCH('/spaces/{spaceId}/permissions/users/{userId}', {
      params: { path: { spaceId: space.id, userId: staff.creator.user.id } },
      body: { role: 'read' },
    });
    const asCreator = await staff.creator.client.GET('/spaces/{spaceId}', onSpace);
    expect(asCreator.permissions.review).toBe(true);
    const teamNow = await staff.admin.client.GET(
      '/orgs/{organizationId}/teams/{teamId}',
      onTeam(team.id),
    );
    expect(teamNow.spaces).toBe(1);

    // Listing grants and everyone with access.
    const users = await staff.admin.client.GET('/spaces/{spaceId}/permissions/users', onSpace);
    expect(users.items.map((item) => [item.user.id, item.role])).toEqual([
      [visitor.user.id, 'comment'],
      [staff.creator.user.id, 'read'],
    ]);
    const teams = await staff.admin.client.GET('/spaces/{spaceId}/permissions/teams', onSpace);
    expect(teams.items.map((item) => [item.team.id, item.role])).toEqual([[team.id, 'edit']]);
    const everyone = await staff.admin.client.GET(
      '/spaces/{spaceId}/permissions/aggregate',
      onSpace,
    );
    const visitorAccess = everyone.items.find((item) => item.user.id === visitor.user.id);
    expect(visitorAccess).toMatchObject({ role: 'edit' });
    expect(visitorAccess?.sources.map((source) => source.type).sort()).toEqual(['team', 'user']);
    expect(everyone.count).toBe(5);
    await expectApiError(
      staff.reader.client.GET('/spaces/{spaceId}/permissions/users', onSpace),
      403,
    );

    // Revoking: the team grant goes, the guest keeps their own; then theirs goes too.
    await staff.admin.client.DELETE('/spaces/{spaceId}/permissions/teams/{teamId}', {
      params: { path: { spaceId: space.id, teamId: team.id } },
    });
    expect((await staff.reader.client.GET('/spaces/{spaceId}', onSpace)).permissions.edit).toBe(
      false,
    );
    expect((await visitor.client.GET('/spaces/{spaceId}', onSpace)).permissions.comment).toBe(true);
    await staff.admin.client.DELETE('/spaces/{spaceId}/permissions/users/{userId}', {
      params: { path: { spaceId: space.id, userId: visitor.user.id } },
    });
    await expectApiError(visitor.client.GET('/spaces/{spaceId}', onSpace), 404);
    await expectApiError(
      staff.admin.client.PATCH('/spaces/{spaceId}/permissions/teams/{teamId}', {
        params: { path: { spaceId: space.id, teamId: 'missing' } },
        body: { role: 'read' },
      }),
      404,
    );
    await expectApiError(
      staff.admin.client.PATCH('/spaces/{spaceId}/permissions/users/{userId}', {
        params: { path: { spaceId: space.id, userId: staff.outsider.user.id } },
        body: { role: 'read' },
      }),
      404,
    );
  });

  it('applies defaultLevel to members and granted guests, and lists member spaces in pages', async () => {
    const space = await staff.admin.client.POST('/orgs/{organizationId}/spaces', {
      ...org(),
      body: { title: 'Defaults' },
    });
    const onSpace = { params: { path: { spaceId: space.id } } };
    await staff.admin.client.PATCH('/spaces/{spaceId}', {
      ...onSpace,
      body: { defaultLevel: 'review' },
    });
    expect((await staff.reader.client.GET('/spaces/{spaceId}', onSpace)).permissions.review).toBe(
      true,
    );
    const visitor = await guest();
    await expectApiError(visitor.client.GET('/spaces/{spaceId}', onSpace), 404);
    await staff.admin.client.PATCH('/spaces/{spaceId}/permissions/users/{userId}', {
      params: { path: { spaceId: space.id, userId: visitor.user.id } },
      body: { role: 'read' },
    });
    expect((await visitor.client.GET('/spaces/{spaceId}', onSpace)).permissions.review).toBe(true);

    const spaces = await staff.reader.client.GET('/orgs/{organizationId}/members/{userId}/spaces', {
      params: { path: { organizationId, userId: staff.reader.user.id }, query: { limit: 1 } },
    });
    const member = await staff.reader.client.GET('/orgs/{organizationId}/members/{userId}', {
      params: { path: { organizationId, userId: staff.reader.user.id } },
    });
    expect(spaces.count).toBe(member.spaces);
    expect(spaces.count).toBeGreaterThan(1);
    const next = await staff.reader.client.GET('/orgs/{organizationId}/members/{userId}/spaces', {
      params: {
        path: { organizationId, userId: staff.reader.user.id },
        query: { limit: 1, page: spaces.next?.page ?? '' },
      },
    });
    expect(next.items[0]?.space.id).not.toBe(spaces.items[0]?.space.id);
    await expectApiError(
      staff.outsider.client.GET('/orgs/{organizationId}/members/{userId}/spaces', {
        params: { path: { organizationId, userId: staff.reader.user.id } },
      }),
      404,
    );
  });
});
