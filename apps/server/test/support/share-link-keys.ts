import type { TestUser } from './test-server.js';

/**
 * Creates a share link of a site as `admin`, and reads its key back from its published URL
 * (`…?share=<key>`), where admins are shown it.
 */
export async function createShareLinkWithKey(
  admin: TestUser,
  at: { organizationId: string; siteId: string },
  name: string,
) {
  const link = await admin.client.POST('/orgs/{organizationId}/sites/{siteId}/share-links', {
    params: { path: at },
    body: { name },
  });
  return { link, key: new URL(link.urls.published ?? '').searchParams.get('share') ?? '' };
}
