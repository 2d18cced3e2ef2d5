import type { TestUser } from './test-server.js';

/**
 * Makes every kind of integration write once, as `admin` of `organizationId`: publish (twice),
 * install on the organization, on `spaceId` and on a new site, update each, uninstall each, and
 * unpublish. The audit log test walks it so each write's action is seen recorded.
 */
export async function walkIntegrationWrites(
  admin: TestUser,
  organizationId: string,
  spaceId: string,
): Promise<void> {
  const client = admin.client;
  const integrationName = 'walked';
  const publish = () =>
    client.POST('/integrations/{integrationName}', {
      params: { path: { integrationName } },
      body: {
        organization: organizationId,
        title: 'Walked',
        description: 'Every write once',
        script: 'export default {}',
        scopes: [],
        secrets: { TOKEN: 'walked secret' },
      },
    });
  await publish();
  await publish();
  const installation = await client.POST('/integrations/{integrationName}/installations', {
    params: { path: { integrationName } },
    body: { organization: organizationId },
  });
  const at = { integrationName, installationId: installation.id };
  await client.PATCH('/integrations/{integrationName}/installations/{installationId}', {
    params: { path: at },
    body: { externalIds: ['walked'] },
  });
  await client.POST('/integrations/{integrationName}/installations/{installationId}/spaces', {
    params: { path: at },
    body: { space: spaceId },
  });
  const onSpace = { params: { path: { ...at, spaceId } } };
  await client.PATCH(
    '/integrations/{integrationName}/installations/{installationId}/spaces/{spaceId}',
    { ...onSpace, body: { configuration: { depth: 1 } } },
  );
  await client.DELETE(
    '/integrations/{integrationName}/installations/{installationId}/spaces/{spaceId}',
    onSpace,
  );
  const site = await client.POST('/orgs/{organizationId}/sites', {
    params: { path: { organizationId } },
    body: { title: 'Integrated' },
  });
  await client.POST('/integrations/{integrationName}/installations/{installationId}/sites', {
    params: { path: at },
    body: { siteId: site.id },
  });
  const onSite = { params: { path: { ...at, siteId: site.id } } };
  await client.PATCH(
    '/integrations/{integrationName}/installations/{installationId}/sites/{siteId}',
    {
      ...onSite,
      body: { externalIds: ['site'] },
    },
  );
  await client.DELETE(
    '/integrations/{integrationName}/installations/{installationId}/sites/{siteId}',
    onSite,
  );
  await client.DELETE('/integrations/{integrationName}/installations/{installationId}', {
    params: { path: at },
  });
  await client.DELETE('/integrations/{integrationName}', { params: { path: { integrationName } } });
}
