import { createSpaceWithContent } from './space-with-content.js';
import type { StaffedOrganization } from './test-server.js';

type Visibility = 'public' | 'share-link' | 'visitor-auth';

// A 2×3 transparent PNG.
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAADCAYAAAC56t6BAAAAEUlEQVR4nGNgYGD4TwZmIEcTAK7iEe8MdskiAAAAAElFTkSuQmCC',
  'base64',
);

// A page with each kind of block whose markup and colours accessibility checks look at, and a
// block only visitors on the pro plan see.
const welcome = `Everyone reads this.

{% if visitor.claims.plan === "pro" %}
Pro customers read this.
{% endif %}

## Install

\`\`\`bash
npm install --global @acme/cli
\`\`\`

| Option | Type | Default |
|:-------|:----:|--------:|
| \`port\` | number | 8080 |
| \`host\` | string | \`0.0.0.0\` |

{% hint style="info" %}
Restart the server after changing **an option**.
{% endhint %}

{% tabs %}
{% tab title="npm" %}
\`\`\`bash
npm start
\`\`\`
{% endtab %}

{% tab title="pnpm" %}
\`\`\`bash
pnpm start
\`\`\`
{% endtab %}
{% endtabs %}

![The Acme logo](.gitbook/assets/logo.png)
`;

/** The published sites of `publishFixtureSites`, by id. */
export interface FixtureSites {
  /** Public, with two site spaces at its root ("Guides", "Next version") and the theme toggle. */
  docs: string;
  /** The "Guides" space behind share links. */
  shared: string;
  /** The "Guides" space behind visitor authentication. */
  members: string;
}

/**
 * Publishes the sites readers' tests open, as `org`'s admin. The "Guides" space holds Welcome
 * (code, a table, a hint, tabs, an image, and a block for `visitor.claims.plan === "pro"`), Setup
 * ("Install Node.") and Usage ("Run `acme serve`."); "Next version" holds Preview.
 * @example const { docs } = await publishFixtureSites(org); // open `{PUBLIC_URL}/s/${docs}/`
 */
export async function publishFixtureSites(org: StaffedOrganization): Promise<FixtureSites> {
  const guides = await createSpaceWithContent(org, 'Guides', [
    { operation: 'insert_files', files: [{ name: 'logo.png', base64: png.toString('base64') }] },
    { operation: 'insert_page', title: 'Welcome', document: { markdown: welcome } },
    {
      operation: 'insert_page',
      title: 'Setup',
      document: { markdown: '## Before you start\n\nInstall Node.\n' },
    },
    { operation: 'insert_page', title: 'Usage', document: { markdown: 'Run `acme serve`.\n' } },
  ]);
  const nextVersion = await createSpaceWithContent(org, 'Next version', [
    { operation: 'insert_page', title: 'Preview', document: { markdown: 'What comes next.\n' } },
  ]);
  const docs = await publishSite(org, 'Acme docs', [guides, nextVersion], 'public');
  await org.admin.client.PUT('/orgs/{organizationId}/sites/{siteId}/customization', {
    params: { path: { organizationId: org.organizationId, siteId: docs } },
    body: { themes: { toggeable: true } },
  });
  return {
    docs,
    shared: await publishSite(org, 'Partner docs', [guides], 'share-link'),
    members: await publishSite(org, 'Member docs', [guides], 'visitor-auth'),
  };
}

async function publishSite(
  org: StaffedOrganization,
  title: string,
  spaces: string[],
  visibility: Visibility,
): Promise<string> {
  const { client } = org.admin;
  const site = await client.POST('/orgs/{organizationId}/sites', {
    params: { path: { organizationId: org.organizationId } },
    body: { title, spaces },
  });
  const at = { organizationId: org.organizationId, siteId: site.id };
  await client.PATCH('/orgs/{organizationId}/sites/{siteId}', {
    params: { path: at },
    body: { visibility },
  });
  await client.POST('/orgs/{organizationId}/sites/{siteId}/publish', { params: { path: at } });
  return site.id;
}
