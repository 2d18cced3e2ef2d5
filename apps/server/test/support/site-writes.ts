import type { TestUser } from './test-server.js';

/**
 * Makes every kind of site write once, as `admin` in `organizationId`, with `spaceIds` (two or
 * more live spaces of it): the audit log test checks each recorded its event.
 */
export async function walkSiteWrites(
  admin: TestUser,
  organizationId: string,
  spaceIds: readonly [string, string, ...string[]],
): Promise<void> {
  const { client } = admin;
  const [first, second] = spaceIds;
  const site = await client.POST('/orgs/{organizationId}/sites', {
    params: { path: { organizationId } },
    body: { title: 'Audited site', spaces: [first] },
  });
  const at = { organizationId, siteId: site.id };
  await client.PATCH('/orgs/{organizationId}/sites/{siteId}', {
    params: { path: at },
    body: { title: 'Audited site, renamed' },
  });
  await client.POST('/orgs/{organizationId}/sites/{siteId}/publish', { params: { path: at } });
  await client.POST('/orgs/{organizationId}/sites/{siteId}/unpublish', { params: { path: at } });
  await client.PUT('/orgs/{organizationId}/sites/{siteId}/adaptive-schema', {
    params: { path: at },
    body: { jsonSchema: { type: 'object', properties: {}, additionalProperties: false } },
  });
  await client.PUT('/orgs/{organizationId}/sites/{siteId}/customization', {
    params: { path: at },
    body: { title: 'Audited' },
  });
  await client.PATCH('/orgs/{organizationId}/sites/{siteId}/publishing/auth', {
    params: { path: at },
    body: { backend: 'custom', logoutURL: 'https://login.example.com/out' },
  });
  await client.POST('/orgs/{organizationId}/sites/{siteId}/publishing/auth/regenerate', {
    params: { path: at },
  });
  const section = await client.POST('/orgs/{organizationId}/sites/{siteId}/sections', {
    params: { path: at },
    body: { spaceId: second, title: 'Guides' },
  });
  const other = await client.POST('/orgs/{organizationId}/sites/{siteId}/sections', {
    params: { path: at },
    body: { spaceId: second, title: 'Reference' },
  });
  const sectionAt = { ...at, siteSectionId: section.id };
  await client.PATCH('/orgs/{organizationId}/sites/{siteId}/sections/{siteSectionId}', {
    params: { path: sectionAt },
    body: { description: 'How-to' },
  });
  await client.POST('/orgs/{organizationId}/sites/{siteId}/sections/{siteSectionId}/move', {
    params: { path: sectionAt },
    body: { position: { after: { type: 'site-section', siteSection: other.id } } },
  });
  const group = await client.POST('/orgs/{organizationId}/sites/{siteId}/section-groups', {
    params: { path: at },
    body: { title: 'Docs' },
  });
  const groupAt = { ...at, siteSectionGroupId: group.id };
  await client.PATCH('/orgs/{organizationId}/sites/{siteId}/section-groups/{siteSectionGroupId}', {
    params: { path: groupAt },
    body: { title: 'All docs' },
  });
  await client.POST(
    '/orgs/{organizationId}/sites/{siteId}/section-groups/{siteSectionGroupId}/sections',
    { params: { path: groupAt }, body: { sectionId: other.id } },
  );
  await client.DELETE(
    '/orgs/{organizationId}/sites/{siteId}/section-groups/{siteSectionGroupId}/sections/{siteSectionId}',
    { params: { path: { ...groupAt, siteSectionId: other.id } } },
  );
  await client.POST(
    '/orgs/{organizationId}/sites/{siteId}/section-groups/{siteSectionGroupId}/move',
    {
      params: { path: groupAt },
      body: { position: { before: { type: 'site-section', id: section.id } } },
    },
  );
  await client.DELETE('/orgs/{organizationId}/sites/{siteId}/section-groups/{siteSectionGroupId}', {
    params: { path: groupAt },
  });
  const siteSpace = await client.POST('/orgs/{organizationId}/sites/{siteId}/site-spaces', {
    params: { path: at },
    body: { spaceId: first, sectionId: section.id },
  });
  const siteSpaceAt = { ...at, siteSpaceId: siteSpace.id };
  await client.PATCH('/orgs/{organizationId}/sites/{siteId}/site-spaces/{siteSpaceId}', {
    params: { path: siteSpaceAt },
    body: { path: 'audited-copy' },
  });
  await client.PUT(
    '/orgs/{organizationId}/sites/{siteId}/site-spaces/{siteSpaceId}/customization',
    {
      params: { path: siteSpaceAt },
      body: { pdf: { enabled: false } },
    },
  );
  const siblings = await client.GET('/orgs/{organizationId}/sites/{siteId}/site-spaces', {
    params: { path: at },
  });
  const sibling = siblings.items.find(
    (item) => item.section === section.id && item.id !== siteSpace.id,
  );
  await client.POST('/orgs/{organizationId}/sites/{siteId}/site-spaces/{siteSpaceId}/move', {
    params: { path: siteSpaceAt },
    body: { position: { before: { type: 'site-space', siteSpace: sibling?.id ?? '' } } },
  });
  await client.DELETE('/orgs/{organizationId}/sites/{siteId}/site-spaces/{siteSpaceId}', {
    params: { path: siteSpaceAt },
  });
  await client.DELETE('/orgs/{organizationId}/sites/{siteId}/sections/{siteSectionId}', {
    params: { path: sectionAt },
  });
  const link = await client.POST('/orgs/{organizationId}/sites/{siteId}/share-links', {
    params: { path: at },
    body: { name: 'Partners' },
  });
  const linkAt = { ...at, shareLinkId: link.id };
  await client.PATCH('/orgs/{organizationId}/sites/{siteId}/share-links/{shareLinkId}', {
    params: { path: linkAt },
    body: { active: false },
  });
  await client.DELETE('/orgs/{organizationId}/sites/{siteId}/share-links/{shareLinkId}', {
    params: { path: linkAt },
  });
  const redirect = await client.POST('/orgs/{organizationId}/sites/{siteId}/redirects', {
    params: { path: at },
    body: { source: '/old', destination: { kind: 'external', url: 'https://example.com/new' } },
  });
  const redirectAt = { ...at, siteRedirectId: redirect.id };
  await client.PATCH('/orgs/{organizationId}/sites/{siteId}/redirects/{siteRedirectId}', {
    params: { path: redirectAt },
    body: { permanent: true },
  });
  await client.PUT('/orgs/{organizationId}/sites/{siteId}/redirects', {
    params: { path: at },
    body: {
      redirects: [
        { source: '/older', destination: { kind: 'external', url: 'https://example.com/' } },
        {
          source: '/old',
          permanent: false,
          destination: { kind: 'external', url: 'https://example.com/' },
        },
        { source: '/older', destination: null },
      ],
    },
  });
  await client.DELETE('/orgs/{organizationId}/sites/{siteId}/redirects/{siteRedirectId}', {
    params: { path: redirectAt },
  });
  await client.DELETE('/orgs/{organizationId}/sites/{siteId}', { params: { path: at } });
}
