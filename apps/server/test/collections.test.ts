import { paginate } from '@quire/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError } from './support/expect-api-error.js';
import {
  createStaffedOrganization,
  type StaffedOrganization,
  startTestServer,
  type TestServer,
  type TestUser,
} from './support/test-server.js';

describe('collections', () => {
  let server: TestServer;
  let org: StaffedOrganization;

  beforeAll(async () => {
    server = await startTestServer();
    org = await createStaffedOrganization(server);
  });
  afterAll(() => server.close());

  const createCollection = (
    by: TestUser,
    body: { title?: string; description?: string; parent?: string } = {},
  ) =>
    by.client.POST('/orgs/{organizationId}/collections', {
      params: { path: { organizationId: org.organizationId } },
      body,
    });
  const getCollection = (by: TestUser, collectionId: string) =>
    by.client.GET('/collections/{collectionId}', { params: { path: { collectionId } } });

  it('creates a collection with every field and a Location, and reads it back', async () => {
    const response = await org.creator.client.raw.POST('/orgs/{organizationId}/collections', {
      params: { path: { organizationId: org.organizationId } },
      body: { title: 'Guides', description: 'How-to guides' },
    });
    expect(response.response.status).toBe(201);
    const collection = response.data!;
    expect(response.response.headers.get('location')).toBe(
      `http://quire.test/v1/collections/${collection.id}`,
    );
    expect(collection).toEqual({
      object: 'collection',
      id: collection.id,
      title: 'Guides',
      description: 'How-to guides',
      organization: org.organizationId,
      defaultLevel: null,
      urls: {
        location: `http://quire.test/v1/collections/${collection.id}`,
        app: `http://quire.test/app/collections/${collection.id}`,
      },
      permissions: { view: true, admin: false, viewInviteLinks: false, create: true },
    });
    expect(await getCollection(org.admin, collection.id)).toMatchObject({
      title: 'Guides',
      permissions: { view: true, admin: true, viewInviteLinks: true, create: true },
    });
    expect((await getCollection(org.reader, collection.id)).permissions).toEqual({
      view: true,
      admin: false,
      viewInviteLinks: false,
      create: false,
    });
  });

  it('nests collections only under a parent of the same organization', async () => {
    const parent = await createCollection(org.admin, { title: 'Parent' });
    const child = await createCollection(org.admin, { title: 'Child', parent: parent.id });
    expect(child.parent).toBe(parent.id);

    const elsewhere = await server.createOrganization(org.admin, 'Elsewhere');
    const foreign = await org.admin.client.POST('/orgs/{organizationId}/collections', {
      params: { path: { organizationId: elsewhere } },
      body: { title: 'Foreign' },
    });
    await expectApiError(
      createCollection(org.admin, { title: 'Orphan', parent: foreign.id }),
      404,
      /parent: collection .* not found in this organization/,
    );
    await expectApiError(createCollection(org.admin, { parent: 'missing' }), 404, /parent/);
  });

  it('lists the collections of an organization in creation order, page by page', async () => {
    const titles = ['One', 'Two', 'Three'];
    for (const title of titles) {
      server.clock.advance(1000);
      await createCollection(org.admin, { title });
    }
    const listed = [];
    for await (const collection of paginate((page) =>
      org.reader.client.GET('/orgs/{organizationId}/collections', {
        params: {
          path: { organizationId: org.organizationId },
          query: { limit: 2, ...(page && { page }) },
        },
      }),
    )) {
      listed.push(collection.title);
    }
    expect(listed.slice(-3)).toEqual(titles);
    expect(new Set(listed).size).toBe(listed.length);
  });

  it('lets only members at create or above create, and hides collections from non-members', async () => {
    await expectApiError(createCollection(org.reader, { title: 'No' }), 403);
    await expectApiError(createCollection(org.outsider, { title: 'No' }), 404);
    const collection = await createCollection(org.admin, { title: 'Private to members' });
    await expectApiError(getCollection(org.outsider, collection.id), 404);
    await expectApiError(
      org.outsider.client.GET('/orgs/{organizationId}/collections', {
        params: { path: { organizationId: org.organizationId } },
      }),
      404,
    );
    await expectApiError(
      server.clientWith().GET('/collections/{collectionId}', {
        params: { path: { collectionId: collection.id } },
      }),
      401,
    );
  });

  it('refuses bad input with a message naming the field, and writes nothing', async () => {
    const before = await org.admin.client.GET('/orgs/{organizationId}/collections', {
      params: { path: { organizationId: org.organizationId } },
    });
    await expectApiError(
      createCollection(org.admin, { title: 'x'.repeat(51) }),
      400,
      'body.title must NOT have more than 50 characters',
    );
    await expectApiError(
      createCollection(org.admin, { description: 'x'.repeat(101) }),
      400,
      /body\.description/,
    );
    await expectApiError(
      org.admin.client.POST('/orgs/{organizationId}/collections', {
        params: { path: { organizationId: org.organizationId } },
        body: { title: 'x', colour: 'red' } as never,
      }),
      400,
      'body.colour is not allowed',
    );
    const after = await org.admin.client.GET('/orgs/{organizationId}/collections', {
      params: { path: { organizationId: org.organizationId } },
    });
    expect(after.count).toBe(before.count);
  });
});
