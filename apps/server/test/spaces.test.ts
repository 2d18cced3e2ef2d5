import { paginate } from '@quire/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError } from './support/expect-api-error.js';
import {
  createStaffedOrganization,
  startTestServer,
  type TestServer,
  type TestUser,
} from './support/test-server.js';

const day = 24 * 60 * 60 * 1000;

describe('spaces', () => {
  let server: TestServer;
  let admin: TestUser;
  let creator: TestUser;
  let reader: TestUser;
  let outsider: TestUser;
  let organizationId: string;

  beforeAll(async () => {
    server = await startTestServer();
    ({ organizationId, admin, creator, reader, outsider } =
      await createStaffedOrganization(server));
  });
  afterAll(() => server.close());

  const createSpace = (
    by: TestUser,
    body: { title?: string; emoji?: string; parent?: string } = {},
  ) =>
    by.client.POST('/orgs/{organizationId}/spaces', { params: { path: { organizationId } }, body });
  const getSpace = (by: TestUser, spaceId: string) =>
    by.client.GET('/spaces/{spaceId}', { params: { path: { spaceId } } });

  it('creates a private space with every field, an empty first revision and a Location', async () => {
    const response = await admin.client.raw.POST('/orgs/{organizationId}/spaces', {
      params: { path: { organizationId } },
      body: { title: 'Handbook', emoji: '📘' },
    });
    expect(response.response.status).toBe(201);
    const space = response.data!;
    expect(response.response.headers.get('location')).toBe(
      `http://quire.test/v1/spaces/${space.id}`,
    );
    expect(space).toMatchObject({
      object: 'space',
      title: 'Handbook',
      emoji: '📘',
      visibility: 'private',
      editMode: 'live',
      organization: organizationId,
      defaultLevel: null,
      comments: 0,
      changeRequests: 0,
      changeRequestsOpen: 0,
      changeRequestsDraft: 0,
      urls: { location: `http://quire.test/v1/spaces/${space.id}` },
    });
    expect(space.id).toMatch(/^[A-Za-z0-9_-]{20}$/);
    expect(space.revision).toMatch(/^[A-Za-z0-9_-]{20}$/);
    expect(space.createdAt).toBe(server.clock.now().toISOString());
    expect(space.permissions).toEqual({
      view: true,
      access: true,
      admin: true,
      viewInviteLinks: true,
      edit: true,
      triggerGitSync: true,
      comment: true,
      merge: true,
      review: true,
      installIntegration: true,
    });
    expect(await getSpace(admin, space.id)).toEqual(space);
  });

  it('lets members read, hides spaces from non-members, and computes permissions per role', async () => {
    const space = await createSpace(creator, { title: 'Guides' });
    const asReader = await getSpace(reader, space.id);
    expect(asReader.permissions).toMatchObject({
      view: true,
      edit: false,
      comment: false,
      admin: false,
    });
    await expectApiError(getSpace(outsider, space.id), 404, /not found/);
    await expectApiError(getSpace(outsider, 'does-not-exist'), 404);
  });

  it('refuses to create a space below the create role, and in an organization the caller is not in', async () => {
    const spaceCount = async () =>
      (
        await admin.client.GET('/orgs/{organizationId}/spaces', {
          params: { path: { organizationId } },
        })
      ).count;
    const before = await spaceCount();
    await expectApiError(createSpace(reader), 403, /create role or higher/);
    await expectApiError(
      outsider.client.POST('/orgs/{organizationId}/spaces', {
        params: { path: { organizationId } },
        body: {},
      }),
      404,
    );
    await expectApiError(createSpace(admin, { title: 'x'.repeat(51) }), 400, /body\.title/);
    await expectApiError(createSpace(admin, { parent: 'missing' }), 404, /parent/);
    expect(await spaceCount()).toBe(before);
  });

  it('validates titles and unknown fields with messages that name the field', async () => {
    await expectApiError(createSpace(admin, { title: 'x'.repeat(51) }), 400, /body\.title/);
    for (const blank of [' \t ', '\u200B', '\u2060\uFEFF']) {
      await expectApiError(
        createSpace(admin, { title: blank }),
        400,
        /body\.title must have a character other than white space/,
      );
    }
    const response = await server.fetch(
      new Request(`http://quire.test/v1/spaces/${(await createSpace(admin)).id}`, {
        method: 'PATCH',
        headers: { Authorization: `Bearer ${admin.token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ colour: 'red' }),
      }),
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: { code: 400, message: 'body.colour is not allowed' },
    });
  });

  it('updates title and emoji for editors, and settings only for admins', async () => {
    const space = await createSpace(admin, { title: 'Draft' });
    const editor = await server.createUser({ organizationId, role: 'edit' });
    const renamed = await editor.client.PATCH('/spaces/{spaceId}', {
      params: { path: { spaceId: space.id } },
      body: { title: 'Final', emoji: '✅' },
    });
    expect(renamed).toMatchObject({ title: 'Final', emoji: '✅' });
    await expectApiError(
      editor.client.PATCH('/spaces/{spaceId}', {
        params: { path: { spaceId: space.id } },
        body: { editMode: 'locked' },
      }),
      403,
      /admin role/,
    );
    await expectApiError(
      reader.client.PATCH('/spaces/{spaceId}', {
        params: { path: { spaceId: space.id } },
        body: { title: 'No' },
      }),
      403,
    );
    const locked = await admin.client.PATCH('/spaces/{spaceId}', {
      params: { path: { spaceId: space.id } },
      body: { editMode: 'locked' },
    });
    expect(locked.editMode).toBe('locked');
    expect(locked.permissions).toMatchObject({ edit: false, merge: false, review: true });
  });

  it('raises every member to the space defaultLevel', async () => {
    const space = await createSpace(admin);
    expect((await getSpace(reader, space.id)).permissions.edit).toBe(false);
    await admin.client.PATCH('/spaces/{spaceId}', {
      params: { path: { spaceId: space.id } },
      body: { defaultLevel: 'edit' },
    });
    const raised = await getSpace(reader, space.id);
    expect(raised.defaultLevel).toBe('edit');
    expect(raised.permissions).toMatchObject({ edit: true, comment: true, review: false });
  });

  it('deletes softly, hides deleted spaces, and restores them within 7 days', async () => {
    const space = await createSpace(admin, { title: 'Trash me' });
    await expectApiError(
      reader.client.DELETE('/spaces/{spaceId}', { params: { path: { spaceId: space.id } } }),
      403,
    );
    await admin.client.DELETE('/spaces/{spaceId}', { params: { path: { spaceId: space.id } } });
    await expectApiError(getSpace(admin, space.id), 404);
    const listed = await admin.client.GET('/orgs/{organizationId}/spaces', {
      params: { path: { organizationId }, query: { limit: 1000 } },
    });
    expect(listed.items.map((item) => item.id)).not.toContain(space.id);
    // Deleting again, or deleting what never existed, still answers 204.
    await admin.client.DELETE('/spaces/{spaceId}', { params: { path: { spaceId: space.id } } });
    await admin.client.DELETE('/spaces/{spaceId}', { params: { path: { spaceId: 'never-was' } } });

    await expectApiError(
      reader.client.POST('/spaces/{spaceId}/restore', { params: { path: { spaceId: space.id } } }),
      403,
    );
    server.clock.advance(6 * day);
    const restored = await admin.client.POST('/spaces/{spaceId}/restore', {
      params: { path: { spaceId: space.id } },
    });
    expect(restored.deletedAt).toBeUndefined();
    expect((await getSpace(reader, space.id)).title).toBe('Trash me');
    await expectApiError(
      admin.client.POST('/spaces/{spaceId}/restore', { params: { path: { spaceId: space.id } } }),
      409,
      /not deleted/,
    );
  });

  it('refuses to restore a space deleted more than 7 days ago', async () => {
    const space = await createSpace(admin);
    await admin.client.DELETE('/spaces/{spaceId}', { params: { path: { spaceId: space.id } } });
    server.clock.advance(7 * day + 1000);
    await expectApiError(
      admin.client.POST('/spaces/{spaceId}/restore', { params: { path: { spaceId: space.id } } }),
      404,
      /more than 7 days/,
    );
  });

  it('orders spaces by position and moves them before or after a sibling', async () => {
    const organization = await server.createOrganization(admin, 'Ordering');
    const make = (title: string) =>
      admin.client.POST('/orgs/{organizationId}/spaces', {
        params: { path: { organizationId: organization } },
        body: { title },
      });
    const a = await make('A');
    const b = await make('B');
    const c = await make('C');
    const titles = async () =>
      (
        await admin.client.GET('/orgs/{organizationId}/spaces', {
          params: { path: { organizationId: organization } },
        })
      ).items.map((space) => space.title);
    expect(await titles()).toEqual(['A', 'B', 'C']);

    await admin.client.POST('/spaces/{spaceId}/move', {
      params: { path: { spaceId: c.id } },
      body: { position: { before: { type: 'space', space: a.id } } },
    });
    expect(await titles()).toEqual(['C', 'A', 'B']);
    await admin.client.POST('/spaces/{spaceId}/move', {
      params: { path: { spaceId: c.id } },
      body: { position: { after: { type: 'space', space: a.id } } },
    });
    expect(await titles()).toEqual(['A', 'C', 'B']);
    await admin.client.POST('/spaces/{spaceId}/move', {
      params: { path: { spaceId: a.id } },
      body: { position: { after: { type: 'space', space: b.id } } },
    });
    expect(await titles()).toEqual(['C', 'B', 'A']);

    await expectApiError(
      admin.client.POST('/spaces/{spaceId}/move', {
        params: { path: { spaceId: a.id } },
        body: { position: { after: { type: 'space', space: a.id } } },
      }),
      400,
      /itself/,
    );
    await expectApiError(
      admin.client.POST('/spaces/{spaceId}/move', {
        params: { path: { spaceId: a.id } },
        body: {
          position: {
            before: { type: 'space', space: b.id },
            after: { type: 'space', space: c.id },
          },
        },
      }),
      400,
      /body\.position/,
    );
    await expectApiError(
      admin.client.POST('/spaces/{spaceId}/move', {
        params: { path: { spaceId: a.id } },
        body: { parent: 'nope' },
      }),
      404,
      /parent/,
    );
    await expectApiError(
      reader.client.POST('/spaces/{spaceId}/move', {
        params: { path: { spaceId: b.id } },
        body: { parent: null },
      }),
      404,
    );
    expect(await titles()).toEqual(['C', 'B', 'A']);
  });

  it('moves a space into a collection and back to the top level', async () => {
    const collection = await admin.client.POST('/orgs/{organizationId}/collections', {
      params: { path: { organizationId } },
      body: { title: 'Product' },
    });
    const space = await createSpace(admin, { title: 'In a collection' });
    const moved = await admin.client.POST('/spaces/{spaceId}/move', {
      params: { path: { spaceId: space.id } },
      body: { parent: collection.id },
    });
    expect(moved.parent).toBe(collection.id);
    const back = await admin.client.POST('/spaces/{spaceId}/move', {
      params: { path: { spaceId: space.id } },
      body: { parent: null },
    });
    expect(back.parent).toBeUndefined();
    await expectApiError(
      reader.client.POST('/spaces/{spaceId}/move', {
        params: { path: { spaceId: space.id } },
        body: { parent: null },
      }),
      403,
    );
  });

  it('paginates the organization spaces with a keyset cursor and counts them all', async () => {
    const organization = await server.createOrganization(admin, 'Many spaces');
    for (let index = 0; index < 7; index += 1) {
      await admin.client.POST('/orgs/{organizationId}/spaces', {
        params: { path: { organizationId: organization } },
        body: { title: `Space ${index}` },
      });
    }
    const first = await admin.client.GET('/orgs/{organizationId}/spaces', {
      params: { path: { organizationId: organization }, query: { limit: 3 } },
    });
    expect(first.count).toBe(7);
    expect(first.items).toHaveLength(3);
    expect(first.next?.page).toEqual(expect.any(String));

    const all = [];
    for await (const space of paginate((page) =>
      admin.client.GET('/orgs/{organizationId}/spaces', {
        params: {
          path: { organizationId: organization },
          query: { limit: 3, ...(page ? { page } : {}) },
        },
      }),
    )) {
      all.push(space.title);
    }
    expect(all).toEqual(Array.from({ length: 7 }, (_, index) => `Space ${index}`));

    const empty = await admin.client.GET('/orgs/{organizationId}/spaces', {
      params: { path: { organizationId: organization }, query: { limit: 0 } },
    });
    expect(empty).toEqual({ items: [], count: 7 });
    await expectApiError(
      admin.client.GET('/orgs/{organizationId}/spaces', {
        params: { path: { organizationId: organization }, query: { limit: 1001 } },
      }),
      400,
      /query\.limit/,
    );
    await expectApiError(
      admin.client.GET('/orgs/{organizationId}/spaces', {
        params: { path: { organizationId: organization }, query: { page: 'garbage' } },
      }),
      400,
      /Invalid page/,
    );
  });

  it('transfers a space to another organization the caller administers', async () => {
    const space = await createSpace(admin, { title: 'Moving out' });
    const target = await server.createOrganization(admin, 'Target');
    const transferred = await admin.client.POST('/spaces/{spaceId}/transfer', {
      params: { path: { spaceId: space.id } },
      body: { organization: target },
    });
    expect(transferred.organization).toBe(target);
    await expectApiError(getSpace(reader, space.id), 404);
    const targetSpaces = await admin.client.GET('/orgs/{organizationId}/spaces', {
      params: { path: { organizationId: target } },
    });
    expect(targetSpaces.items.map((item) => item.id)).toContain(space.id);
  });

  it('refuses transfers by non-admins, to unseen organizations and to ones the caller does not administer', async () => {
    const space = await createSpace(admin);
    await expectApiError(
      creator.client.POST('/spaces/{spaceId}/transfer', {
        params: { path: { spaceId: space.id } },
        body: { organization: organizationId },
      }),
      403,
    );
    const foreign = await server.createOrganization(outsider, 'Foreign');
    await expectApiError(
      admin.client.POST('/spaces/{spaceId}/transfer', {
        params: { path: { spaceId: space.id } },
        body: { organization: foreign },
      }),
      404,
    );
    const notAdministered = await server.createOrganization(outsider, 'Shared');
    await server.services.db
      .insertInto('organization_members')
      .values({
        organization_id: notAdministered,
        user_id: admin.user.id,
        role: 'edit',
        joined_at: '2026-01-01T00:00:00.000Z',
        last_seen_at: null,
      })
      .execute();
    await expectApiError(
      admin.client.POST('/spaces/{spaceId}/transfer', {
        params: { path: { spaceId: space.id } },
        body: { organization: notAdministered },
      }),
      403,
      /admin/,
    );
    expect((await getSpace(admin, space.id)).organization).toBe(organizationId);
  });
});
