import type { QuireClient } from '@quire/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError } from './support/expect-api-error.js';
import {
  createStaffedOrganization,
  type StaffedOrganization,
  startTestServer,
  type TestServer,
} from './support/test-server.js';

describe('users', () => {
  let server: TestServer;
  let org: StaffedOrganization;

  beforeAll(async () => {
    server = await startTestServer();
    org = await createStaffedOrganization(server);
  });
  afterAll(() => server.close());

  const getUser = (client: QuireClient, userId: string) =>
    client.GET('/users/{userId}', { params: { path: { userId } } });

  it("answers a user's name to anyone with an account, and their email to themselves only", async () => {
    const self = await getUser(org.reader.client, org.reader.user.id);
    expect(self).toMatchObject({
      object: 'user',
      id: org.reader.user.id,
      email: org.reader.user.email,
      urls: { location: `http://quire.test/v1/users/${org.reader.user.id}` },
    });
    expect(self).toEqual(await org.reader.client.GET('/user'));
    const other = await getUser(org.outsider.client, org.reader.user.id);
    expect(other).toEqual({ ...self, email: undefined });
    expect('email' in other).toBe(false);
    await expectApiError(getUser(org.reader.client, 'no-such-user'), 404);
    await expectApiError(getUser(server.clientWith(), org.reader.user.id), 401);
  });

  it("answers the same to a site's reader token", async () => {
    const site = await org.admin.client.POST('/orgs/{organizationId}/sites', {
      params: { path: { organizationId: org.organizationId } },
      body: { title: 'Docs', spaces: 'sample' },
    });
    await org.admin.client.POST('/orgs/{organizationId}/sites/{siteId}/publish', {
      params: { path: { organizationId: org.organizationId, siteId: site.id } },
    });
    const lookup = await server
      .clientWith()
      .POST('/urls/published', { body: { url: `http://quire.test/s/${site.id}/` } });
    if (!('apiToken' in lookup)) throw new Error('Expected site content');
    const seen = await getUser(server.clientWith(lookup.apiToken), org.admin.user.id);
    expect(seen).toMatchObject({ id: org.admin.user.id, displayName: org.admin.user.displayName });
    expect('email' in seen).toBe(false);
  });
});
