import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchResult } from './support/batch-result.js';
import { startTestServer, type TestServer, type TestUser } from './support/test-server.js';

// Two instances in one process, each on its own database and PUBLIC_URL: a link to its own
// origin is `in-app`, a link to the other's is external. Indexes that followed heads through
// process-wide state would index both with whichever app was made last.
const origins = ['http://first.quire.test', 'http://second.quire.test'] as const;

const pageMarkdown = (own: string, other: string) =>
  `Open [our app](${own}/app/spaces/x) or [theirs](${other}/app/spaces/y). Ask about lighthouses.\n`;

interface Instance {
  server: TestServer;
  admin: TestUser;
  spaceId: string;
  changeRequestId: string;
  pageId: string;
}

async function writePage(server: TestServer, own: string, other: string): Promise<Instance> {
  const admin = await server.createUser();
  const organizationId = await server.createOrganization(admin);
  const { id: spaceId } = await admin.client.POST('/orgs/{organizationId}/spaces', {
    params: { path: { organizationId } },
    body: { title: 'Docs' },
  });
  const { id: changeRequestId } = await admin.client.POST('/spaces/{spaceId}/change-requests', {
    params: { path: { spaceId } },
    body: {},
  });
  const written = await admin.client.POST(
    '/spaces/{spaceId}/change-requests/{changeRequestId}/content',
    {
      params: { path: { spaceId, changeRequestId }, query: { compat: false } },
      body: {
        changes: [
          {
            operation: 'insert_page',
            title: 'Harbour',
            document: { markdown: pageMarkdown(own, other) },
          },
        ],
      },
    },
  );
  const [created] = batchResult(written).changes;
  if (created?.object !== 'created_page') throw new Error('the page was not written');
  const pageId = created.page.id;
  return { server, admin, spaceId, changeRequestId, pageId };
}

const urlsOf = (links: { targetReference: { url?: string } }[]) =>
  links.map((link) => link.targetReference.url);

describe('head listeners are the app’s own', () => {
  const instances: Instance[] = [];

  beforeAll(async () => {
    // Both apps are made before either writes.
    const [first, second] = origins;
    const servers = [
      await startTestServer({ publicUrl: first }),
      await startTestServer({ publicUrl: second }),
    ] as const;
    instances.push(await writePage(servers[0], first, second));
    instances.push(await writePage(servers[1], second, first));
  });

  afterAll(async () => {
    for (const instance of instances) await instance.server.close();
  });

  it('indexes a change request’s links with its own app’s origin', async () => {
    for (const [index, { admin, spaceId, changeRequestId, pageId }] of instances.entries()) {
      const links = await admin.client.GET(
        '/spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}/links',
        { params: { path: { spaceId, changeRequestId, pageId } } },
      );
      const inApp = links.items.filter((link) => link.status === 'in-app');
      expect(urlsOf(inApp)).toEqual([`${origins[index]}/app/spaces/x`]);
    }
  });

  it('indexes a merged space’s links and search with its own app', async () => {
    for (const { admin, spaceId, changeRequestId } of instances) {
      await admin.client.POST('/spaces/{spaceId}/change-requests/{changeRequestId}/merge', {
        params: { path: { spaceId, changeRequestId } },
      });
    }
    for (const [index, { admin, spaceId }] of instances.entries()) {
      const inApp = await admin.client.GET('/spaces/{spaceId}/links', {
        params: { path: { spaceId }, query: { status: 'in-app' } },
      });
      expect(urlsOf(inApp.items)).toEqual([`${origins[index]}/app/spaces/x`]);
      const found = await admin.client.GET('/spaces/{spaceId}/search', {
        params: { path: { spaceId }, query: { query: 'lighthouses' } },
      });
      expect(found.items.map((item) => item.title)).toEqual(['Harbour']);
    }
  });
});
