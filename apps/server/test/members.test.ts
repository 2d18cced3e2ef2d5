import { createLocalJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError } from './support/expect-api-error.js';
import {
  createStaffedOrganization,
  type StaffedOrganization,
  startTestServer,
  type TestServer,
  type TestUser,
  testBaseUrl,
} from './support/test-server.js';

describe('members, ping and invite links', () => {
  let server: TestServer;
  let staff: StaffedOrganization;
  let organizationId: string;
  const org = () => ({ params: { path: { organizationId } } });
  const onMember = (userId: string) => ({ params: { path: { organizationId, userId } } });

  beforeAll(async () => {
    server = await startTestServer();
    staff = await createStaffedOrganization(server);
    organizationId = staff.organizationId;
  });
  afterAll(() => server.close());

  /** A user who joins the staffed organization with an invite link of `role`. */
  async function joinAs(role: 'read' | 'edit' | null): Promise<TestUser> {
    const user = await server.createUser();
    const invite = await staff.admin.client.POST('/orgs/{organizationId}/link-invites', {
      ...org(),
      body: { role },
    });
    await user.client.POST('/orgs/{organizationId}/invites/{inviteId}', {
      params: { path: { organizationId, inviteId: invite.id } },
    });
    return user;
  }

  it('lists members with every field, filtered by role and search, in pages for each sort', async () => {
    const list = await staff.reader.client.GET('/orgs/{organizationId}/members', org());
    expect(list.count).toBe(3);
    const admin = list.items.find((member) => member.id === staff.admin.user.id);
    expect(admin).toMatchObject({
      object: 'member',
      role: 'admin',
      user: { id: staff.admin.user.id, email: staff.admin.user.email },
      disabled: false,
      sso: false,
      spaces: 0,
      teams: 0,
    });
    expect(admin?.lastSeenAt).toBeUndefined();
    const readers = await staff.admin.client.GET('/orgs/{organizationId}/members', {
      params: { path: { organizationId }, query: { role: 'read' } },
    });
    expect(readers.items.map((member) => member.id)).toEqual([staff.reader.user.id]);
    const guest = await joinAs(null);
    const guests = await staff.admin.client.GET('/orgs/{organizationId}/members', {
      params: { path: { organizationId }, query: { role: 'guest' } },
    });
    expect(guests.items.map((member) => [member.id, member.role])).toEqual([[guest.user.id, null]]);
    const search = staff.creator.user.email.slice(0, 8).toUpperCase();
    const found = await staff.admin.client.GET('/orgs/{organizationId}/members', {
      params: { path: { organizationId }, query: { search } },
    });
    expect(found.items.map((member) => member.id)).toContain(staff.creator.user.id);
    const none = await staff.admin.client.GET('/orgs/{organizationId}/members', {
      params: { path: { organizationId }, query: { search: '%_' } },
    });
    expect(none.count).toBe(0);

    // Pages, joinedAt both ways.
    for (const order of ['asc', 'desc'] as const) {
      const seen: string[] = [];
      let page: string | undefined;
      do {
        const result = await staff.admin.client.GET('/orgs/{organizationId}/members', {
          params: {
            path: { organizationId },
            query: { limit: 1, order, ...(page ? { page } : {}) },
          },
        });
        seen.push(...result.items.map((member) => member.joinedAt));
        page = result.next?.page;
      } while (page !== undefined);
      expect(seen).toHaveLength(4);
      const sorted = [...seen].sort();
      expect(seen).toEqual(order === 'asc' ? sorted : sorted.reverse());
    }

    // lastSeenAt lists only members who pinged, most recent first.
    await staff.reader.client.POST('/orgs/{organizationId}/ping', org());
    server.clock.advance(1000);
    await staff.creator.client.POST('/orgs/{organizationId}/ping', org());
    const first = await staff.admin.client.GET('/orgs/{organizationId}/members', {
      params: { path: { organizationId }, query: { sort: 'lastSeenAt', limit: 1 } },
    });
    expect(first.count).toBe(2);
    expect(first.items[0]?.id).toBe(staff.creator.user.id);
    const second = await staff.admin.client.GET('/orgs/{organizationId}/members', {
      params: {
        path: { organizationId },
        query: { sort: 'lastSeenAt', limit: 1, page: first.next?.page ?? '' },
      },
    });
    expect(second.items[0]?.id).toBe(staff.reader.user.id);
    expect(second.next).toBeUndefined();
  });

  it('hides members from outsiders and guests, and lets a member read their own', async () => {
    await expectApiError(staff.outsider.client.GET('/orgs/{organizationId}/members', org()), 404);
    const guest = await joinAs(null);
    await expectApiError(guest.client.GET('/orgs/{organizationId}/members', org()), 404);
    const self = await guest.client.GET(
      '/orgs/{organizationId}/members/{userId}',
      onMember(guest.user.id),
    );
    expect(self.role).toBeNull();
    await expectApiError(
      guest.client.GET('/orgs/{organizationId}/members/{userId}', onMember(staff.admin.user.id)),
      404,
    );
    await expectApiError(
      staff.admin.client.GET(
        '/orgs/{organizationId}/members/{userId}',
        onMember(staff.outsider.user.id),
      ),
      404,
    );
  });

  it('changes roles, keeps the last admin (409), and removes members with their teams and grants', async () => {
    const member = await joinAs('read');
    await expectApiError(
      staff.creator.client.PATCH('/orgs/{organizationId}/members/{userId}', {
        ...onMember(member.user.id),
        body: { role: 'admin' },
      }),
      403,
    );
    const promoted = await staff.admin.client.PATCH('/orgs/{organizationId}/members/{userId}', {
      ...onMember(member.user.id),
      body: { role: 'edit' },
    });
    expect(promoted.role).toBe('edit');
    await expectApiError(
      staff.admin.client.PATCH('/orgs/{organizationId}/members/{userId}', {
        ...onMember(staff.admin.user.id),
        body: { role: 'create' },
      }),
      409,
      /last admin/,
    );
    await expectApiError(
      staff.admin.client.DELETE(
        '/orgs/{organizationId}/members/{userId}',
        onMember(staff.admin.user.id),
      ),
      409,
    );

    // Removing a member takes their team memberships and grants; their comments stay.
    const space = await staff.admin.client.POST('/orgs/{organizationId}/spaces', {
      ...org(),
      body: { title: 'Leaving' },
    });
    const team = await staff.admin.client.PUT('/orgs/{organizationId}/teams', {
      ...org(),
      body: { title: 'Leavers', members: [member.user.id] },
    });
    await staff.admin.client.POST('/spaces/{spaceId}/permissions', {
      params: { path: { spaceId: space.id } },
      body: { role: 'admin', users: [member.user.id] },
    });
    const comment = await member.client.POST('/spaces/{spaceId}/comments', {
      params: { path: { spaceId: space.id } },
      body: { body: { markdown: 'Still here' } },
    });
    await expectApiError(
      staff.reader.client.DELETE(
        '/orgs/{organizationId}/members/{userId}',
        onMember(member.user.id),
      ),
      403,
    );
    await staff.admin.client.DELETE(
      '/orgs/{organizationId}/members/{userId}',
      onMember(member.user.id),
    );
    await staff.admin.client.DELETE(
      '/orgs/{organizationId}/members/{userId}',
      onMember(member.user.id),
    );
    const teamNow = await staff.admin.client.GET('/orgs/{organizationId}/teams/{teamId}', {
      params: { path: { organizationId, teamId: team.id } },
    });
    expect(teamNow.members).toBe(0);
    const grants = await staff.admin.client.GET('/spaces/{spaceId}/permissions/users', {
      params: { path: { spaceId: space.id } },
    });
    expect(grants.count).toBe(0);
    await expectApiError(
      member.client.GET('/spaces/{spaceId}', { params: { path: { spaceId: space.id } } }),
      404,
    );
    const kept = await staff.admin.client.GET('/spaces/{spaceId}/comments/{commentId}', {
      params: { path: { spaceId: space.id, commentId: comment.id } },
    });
    expect(kept.postedBy.id).toBe(member.user.id);
    // A member may leave on their own.
    const leaving = await joinAs('read');
    await leaving.client.DELETE(
      '/orgs/{organizationId}/members/{userId}',
      onMember(leaving.user.id),
    );
    await expectApiError(leaving.client.GET('/orgs/{organizationId}', org()), 404);
  });

  it('sets a member as SSO member, admins only', async () => {
    const member = await joinAs('read');
    await expectApiError(
      staff.reader.client.POST(
        '/orgs/{organizationId}/members/{userId}/sso',
        onMember(member.user.id),
      ),
      403,
    );
    const sso = await staff.admin.client.POST(
      '/orgs/{organizationId}/members/{userId}/sso',
      onMember(member.user.id),
    );
    expect(sso.sso).toBe(true);
    await expectApiError(
      staff.admin.client.POST(
        '/orgs/{organizationId}/members/{userId}/sso',
        onMember(staff.outsider.user.id),
      ),
      404,
    );
  });

  it('answers a ping with claims verifiable against the published JWKS', async () => {
    const before = server.clock.now();
    const { platformVisitorClaims } = await staff.reader.client.POST(
      '/orgs/{organizationId}/ping',
      org(),
    );
    const member = await staff.reader.client.GET(
      '/orgs/{organizationId}/members/{userId}',
      onMember(staff.reader.user.id),
    );
    expect(member.lastSeenAt).toBe(before.toISOString());
    const response = await server.fetch(new Request(`${testBaseUrl}/.well-known/jwks.json`));
    expect(response.status).toBe(200);
    const jwks = (await response.json()) as Parameters<typeof createLocalJWKSet>[0];
    expect(jwks.keys).toHaveLength(1);
    expect(JSON.stringify(jwks)).not.toContain('"d"');
    const { payload, protectedHeader } = await jwtVerify(
      platformVisitorClaims ?? '',
      createLocalJWKSet(jwks),
      { audience: organizationId, currentDate: before },
    );
    expect(protectedHeader.alg).toBe('ES256');
    expect(payload).toMatchObject({
      sub: staff.reader.user.id,
      organization: organizationId,
      role: 'read',
      email: staff.reader.user.email,
    });
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(3600);
    // Two hours later the claims have expired.
    await expect(
      jwtVerify(platformVisitorClaims ?? '', createLocalJWKSet(jwks), {
        currentDate: new Date(before.getTime() + 2 * 3600 * 1000),
      }),
    ).rejects.toThrow(/exp/);
    await expectApiError(staff.outsider.client.POST('/orgs/{organizationId}/ping', org()), 404);
    // A guest pings too.
    const guest = await joinAs(null);
    const claims = await guest.client.POST('/orgs/{organizationId}/ping', org());
    const guestClaims = await jwtVerify(
      claims.platformVisitorClaims ?? '',
      createLocalJWKSet(jwks),
      {
        currentDate: before,
      },
    );
    expect(guestClaims.payload.role).toBeNull();
  });

  it('creates, lists, changes and deletes invite links, admins only', async () => {
    await expectApiError(
      staff.creator.client.POST('/orgs/{organizationId}/link-invites', {
        ...org(),
        body: { role: 'read' },
      }),
      403,
    );
    await expectApiError(
      staff.admin.client.POST('/orgs/{organizationId}/link-invites', {
        ...org(),
        body: { role: 'read', expiresAt: '2000-01-01T00:00:00.000Z' },
      }),
      400,
      /expiresAt/,
    );
    const expiresAt = new Date(server.clock.now().getTime() + 3600_000).toISOString();
    const link = await staff.admin.client.POST('/orgs/{organizationId}/link-invites', {
      ...org(),
      body: { role: 'edit', expiresAt },
    });
    expect(link).toMatchObject({ object: 'organization-invite', role: 'edit', expiresAt });
    const onLink = { params: { path: { organizationId, inviteId: link.id } } };
    const listed = await staff.admin.client.GET('/orgs/{organizationId}/link-invites', org());
    expect(listed.items.map((item) => item.id)).toContain(link.id);
    await expectApiError(
      staff.reader.client.GET('/orgs/{organizationId}/link-invites', org()),
      403,
    );
    const changed = await staff.admin.client.PATCH(
      '/orgs/{organizationId}/link-invites/{inviteId}',
      {
        ...onLink,
        body: { role: 'comment', expiresAt: null },
      },
    );
    expect(changed.role).toBe('comment');
    expect(changed.expiresAt).toBeUndefined();
    expect(
      await staff.admin.client.GET('/orgs/{organizationId}/link-invites/{inviteId}', onLink),
    ).toEqual(changed);
    await staff.admin.client.DELETE('/orgs/{organizationId}/link-invites/{inviteId}', onLink);
    await staff.admin.client.DELETE('/orgs/{organizationId}/link-invites/{inviteId}', onLink);
    await expectApiError(
      staff.admin.client.GET('/orgs/{organizationId}/link-invites/{inviteId}', onLink),
      404,
    );
  });

  it('joins with a link until it expires or is deleted, and not while links are off', async () => {
    const expiresAt = new Date(server.clock.now().getTime() + 60_000).toISOString();
    const link = await staff.admin.client.POST('/orgs/{organizationId}/link-invites', {
      ...org(),
      body: { role: 'comment', expiresAt },
    });
    const onLink = { params: { path: { organizationId, inviteId: link.id } } };
    const first = await server.createUser();
    const joined = await first.client.POST('/orgs/{organizationId}/invites/{inviteId}', onLink);
    expect(joined).toMatchObject({ id: first.user.id, role: 'comment' });
    // A member keeps their role.
    const again = await staff.reader.client.POST(
      '/orgs/{organizationId}/invites/{inviteId}',
      onLink,
    );
    expect(again.role).toBe('read');
    server.clock.advance(61_000);
    const late = await server.createUser();
    await expectApiError(
      late.client.POST('/orgs/{organizationId}/invites/{inviteId}', onLink),
      404,
    );

    const open = await staff.admin.client.POST('/orgs/{organizationId}/link-invites', {
      ...org(),
      body: { role: 'read' },
    });
    const onOpen = { params: { path: { organizationId, inviteId: open.id } } };
    await staff.admin.client.PATCH('/orgs/{organizationId}', {
      ...org(),
      body: { inviteLinks: false },
    });
    await expectApiError(
      late.client.POST('/orgs/{organizationId}/invites/{inviteId}', onOpen),
      404,
    );
    await expectApiError(
      staff.admin.client.POST('/orgs/{organizationId}/link-invites', {
        ...org(),
        body: { role: 'read' },
      }),
      409,
    );
    await staff.admin.client.PATCH('/orgs/{organizationId}', {
      ...org(),
      body: { inviteLinks: true },
    });
    await staff.admin.client.DELETE('/orgs/{organizationId}/link-invites/{inviteId}', onOpen);
    await expectApiError(
      late.client.POST('/orgs/{organizationId}/invites/{inviteId}', onOpen),
      404,
    );
    await expectApiError(
      late.client.POST('/orgs/{organizationId}/invites/{inviteId}', {
        params: { path: { organizationId: 'nope', inviteId: open.id } },
      }),
      404,
    );
  });
});
