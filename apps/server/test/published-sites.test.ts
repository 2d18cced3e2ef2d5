import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createSiteApp } from '@quire/site';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError } from './support/expect-api-error.js';
import { createShareLinkWithKey } from './support/share-link-keys.js';
import { createSpaceWithContent } from './support/space-with-content.js';
import {
  createStaffedOrganization,
  type StaffedOrganization,
  startTestServer,
  type TestServer,
} from './support/test-server.js';

const welcome = `# Welcome

Everyone reads this. See [the setup](setup.md#before-you-start).

Install <code class="expression">space.vars.version</code> today.

Made for <code class="expression">page.vars.os</code>.

{% if visitor.claims.unsigned.beta === true %}
Beta testers read this.
{% endif %}

{% if visitor.claims.plan === "pro" %}
Pro customers read this.
{% endif %}

\`\`\`js
const answer = 42;
\`\`\`
`;

describe('published sites, as readers open them', () => {
  let server: TestServer;
  let org: StaffedOrganization;
  let siteId: string;

  const at = () => ({ organizationId: org.organizationId, siteId });
  const open = (path: string, headers: Record<string, string> = {}) =>
    server.fetch(new Request(`http://quire.test/s/${siteId}/${path}`, { headers }));
  const setSite = (body: Record<string, unknown>) =>
    org.admin.client.PATCH('/orgs/{organizationId}/sites/{siteId}', {
      params: { path: at() },
      body,
    });

  beforeAll(async () => {
    server = await startTestServer();
    org = await createStaffedOrganization(server);
    const spaceId = await createSpaceWithContent(org, 'Guides', [
      { operation: 'update_variables', variables: { version: '3.1' } },
      {
        operation: 'insert_page',
        title: 'Welcome',
        document: { markdown: welcome },
        variables: { os: 'Linux' },
      },
      {
        operation: 'insert_page',
        title: 'Setup',
        document: { markdown: '# Setup\n\n## Before you start\n\nInstall Node.\n' },
      },
      {
        operation: 'insert_page',
        title: 'Secret plans',
        hidden: true,
        document: { markdown: 'Hidden from the sidebar.' },
      },
    ]);
    const site = await org.admin.client.POST('/orgs/{organizationId}/sites', {
      params: { path: { organizationId: org.organizationId } },
      body: { title: 'Acme docs', spaces: [spaceId] },
    });
    siteId = site.id;
  });
  afterAll(() => server.close());

  it('answers 404 until the site is published', async () => {
    const response = await open('');
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('<!doctype html>');
  });

  it('serves the first page at the root, with the sidebar, outline, links and pagination', async () => {
    await org.admin.client.POST('/orgs/{organizationId}/sites/{siteId}/publish', {
      params: { path: at() },
    });
    const response = await open('');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(response.headers.get('cache-control')).toBe('public, max-age=60');
    const html = await response.text();
    expect(html).toContain('Everyone reads this.');
    // An expression naming a variable of the space shows its value.
    expect(html).toContain('Install <span class="expression">3.1</span> today.');
    // One naming a variable of the page, the page's.
    expect(html).toContain('Made for <span class="expression">Linux</span>.');
    expect(html).toContain('<title>Welcome | Acme docs</title>');
    // The body's `# Welcome` repeats the page's title: the page shows one top heading.
    expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
    // A page reference becomes a link to the page, anchor kept.
    expect(html).toContain(`href="/s/${siteId}/setup#before-you-start"`);
    // The sidebar lists the pages readers may browse, not the hidden one.
    expect(html).toContain(`href="/s/${siteId}/setup"`);
    expect(html).not.toContain('Secret plans');
    // Conditional content is evaluated by the API for this visitor: nobody's claims match.
    expect(html).not.toContain('Beta testers');
    expect(html).not.toContain('Pro customers');
    // Code is highlighted on the server.
    expect(html).toMatch(/--shiki-(light|dark)/);
    expect(html).not.toContain('noindex');
    // Only the page's own inline scripts may run, each by its hash; nothing else frames it.
    const policy = response.headers.get('content-security-policy') ?? '';
    const scripts = [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, body = ''] of scripts) {
      expect(policy).toContain(`'sha256-${createHash('sha256').update(body).digest('base64')}'`);
    }
    expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(policy).toContain("frame-ancestors 'self'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    // The same headers on the page answered again from what was kept.
    expect((await open('')).headers.get('content-security-policy')).toBe(policy);
    expect((await open('no-such-page')).headers.get('content-security-policy')).toMatch(
      /^default-src 'self'/,
    );
  });

  it('answers 304 to a reader whose copy is current, and a new page once the content changes', async () => {
    const first = await open('setup');
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await open('setup', { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    // Another page, another visitor context or a changed site answer anew.
    expect((await open('welcome', { 'if-none-match': etag })).status).toBe(200);
    expect((await open('setup?visitor.beta=true', { 'if-none-match': etag })).status).toBe(200);
    await org.admin.client.PUT('/orgs/{organizationId}/sites/{siteId}/customization', {
      params: { path: at() },
      body: { title: 'Acme handbook' },
    });
    const renamed = await open('setup', { 'if-none-match': etag });
    expect(renamed.status).toBe(200);
    expect(await renamed.text()).toContain('Acme handbook');
    expect(renamed.headers.get('etag')).not.toBe(etag);
  });

  it('lets only the site frame its pages, and the origins its customization names', async () => {
    const framing = async (path: string) =>
      /frame-ancestors ([^;]*)/.exec(
        (await open(path)).headers.get('content-security-policy') ?? '',
      )?.[1];
    expect(await framing('setup')).toBe("'self'");
    // A PUT replaces the whole customization: the rest of it is sent back as it was.
    const { embedding: _, ...rest } = await org.admin.client.GET(
      '/orgs/{organizationId}/sites/{siteId}/customization',
      { params: { path: at() } },
    );
    const customize = (embedding: Record<string, unknown>) =>
      org.admin.client.PUT('/orgs/{organizationId}/sites/{siteId}/customization', {
        params: { path: at() },
        body: { ...rest, embedding } as never,
      });
    await customize({
      allowedOrigins: ['https://www.example.com', 'http://intranet.example:8080'],
    });
    expect(await framing('setup')).toBe(
      "'self' https://www.example.com http://intranet.example:8080",
    );
    expect(await framing('~search?q=setup')).toBe(
      "'self' https://www.example.com http://intranet.example:8080",
    );
    const read = await org.admin.client.GET('/orgs/{organizationId}/sites/{siteId}/customization', {
      params: { path: at() },
    });
    expect(read.embedding).toEqual({
      allowedOrigins: ['https://www.example.com', 'http://intranet.example:8080'],
    });
    // An origin is a scheme and a host: a path, a wildcard or a policy's own words are refused.
    for (const origin of [
      'https://www.example.com/app',
      '*',
      "'none'",
      'https://a.example.com; script-src *',
    ]) {
      await expectApiError(
        customize({ allowedOrigins: [origin] }),
        400,
        /^body\.embedding\.allowedOrigins\.0 must match pattern/,
      );
    }
    expect(await framing('setup')).toBe(
      "'self' https://www.example.com http://intranet.example:8080",
    );
    await customize({ allowedOrigins: [] });
    expect(await framing('setup')).toBe("'self'");
  });

  it('tells crawlers and agents what the site holds, when the site lets them', async () => {
    const robots = await (await open('robots.txt')).text();
    expect(robots).toContain(`Sitemap: http://quire.test/s/${siteId}/sitemap.xml`);
    const sitemap = await (await open('sitemap.xml')).text();
    expect(sitemap).toContain(`<loc>http://quire.test/s/${siteId}/setup</loc>`);
    expect(sitemap).not.toContain('secret-plans');
    expect((await open('llms.txt')).status).toBe(404);
    await setSite({ agentsContext: 'included' });
    const llms = await (await open('llms.txt')).text();
    expect(llms).toContain(`- [Setup](http://quire.test/s/${siteId}/setup.md)`);
    const full = await (await open('llms-full.txt')).text();
    expect(full).toContain('# Setup');
    expect(full).toContain('Install Node.');
    // What the API evaluates for the visitor holds for agents too.
    expect(full).not.toContain('Pro customers');
    await setSite({ visibility: 'unlisted' });
    expect(await (await open('robots.txt')).text()).toBe('User-agent: *\nDisallow: /\n');
    expect((await open('sitemap.xml')).status).toBe(404);
    await setSite({ visibility: 'public', agentsContext: 'excluded' });
  });

  it('shows conditional content to the visitors whose claims meet it', async () => {
    const html = await (await open('welcome?visitor.beta=true')).text();
    expect(html).toContain('Beta testers read this.');
    expect(html).not.toContain('Pro customers');
  });

  it('serves each page as Markdown at its path plus .md, and hidden pages by their path', async () => {
    const markdown = await open('setup.md');
    expect(markdown.status).toBe(200);
    expect(markdown.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    const text = await markdown.text();
    expect(text).toContain('# Setup');
    expect(text).toContain('Install Node.');
    expect((await open('secret-plans')).status).toBe(200);
    const missing = await open('no-such-page');
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain(`href="/s/${siteId}/setup"`);
  });

  it('searches the site without a script, and as JSON for the search box', async () => {
    const html = await (await open('~search?q=install%20node')).text();
    expect(html).toContain(`href="/s/${siteId}/setup"`);
    const json = await open('~search.json?q=install%20node');
    expect(await json.json()).toEqual([
      expect.objectContaining({ title: 'Setup', href: `/s/${siteId}/setup` }),
    ]);
  });

  it('asks search engines not to index an unlisted site', async () => {
    await setSite({ visibility: 'unlisted' });
    const response = await open('');
    expect(await response.text()).toMatch(/<meta name="robots" content="noindex"\/?>/);
    expect(response.headers.get('cache-control')).toContain('private');
    await setSite({ visibility: 'public' });
  });

  it('opens a share-link site with a working key, kept in a cookie so navigation keeps working', async () => {
    await setSite({ visibility: 'share-link' });
    const { link, key } = await createShareLinkWithKey(org.admin, at(), 'Partners');
    expect((await open('')).status).toBe(404);
    expect((await open('?share=wrong')).status).toBe(404);
    const opened = await open(`setup?share=${encodeURIComponent(key)}`);
    expect(opened.status).toBe(302);
    expect(opened.headers.get('location')).toBe(`/s/${siteId}/setup`);
    const cookie = opened.headers.get('set-cookie') ?? '';
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain(`Path=/s/${siteId}/`);
    const next = await open('setup', { cookie: cookie.split(';')[0] ?? '' });
    expect(next.status).toBe(200);
    expect(await next.text()).toContain('Install Node.');
    await org.admin.client.PATCH(
      '/orgs/{organizationId}/sites/{siteId}/share-links/{shareLinkId}',
      {
        params: { path: { ...at(), shareLinkId: link.id } },
        body: { active: false },
      },
    );
    expect((await open('setup', { cookie: cookie.split(';')[0] ?? '' })).status).toBe(404);
    await setSite({ visibility: 'public' });
  });

  it('opens a visitor-auth site to a signed token, its claims deciding what shows', async () => {
    const auth = await org.admin.client.GET(
      '/orgs/{organizationId}/sites/{siteId}/publishing/auth',
      {
        params: { path: at() },
      },
    );
    await setSite({ visibility: 'visitor-auth' });
    expect((await open('')).status).toBe(404);
    await org.admin.client.PATCH('/orgs/{organizationId}/sites/{siteId}/publishing/auth', {
      params: { path: at() },
      body: { backend: 'custom', fallbackURL: 'https://login.acme.test/' },
    });
    const refused = await open('welcome');
    expect(refused.status).toBe(302);
    expect(refused.headers.get('location')).toBe(
      `https://login.acme.test/?location=${encodeURIComponent(`/s/${siteId}/welcome`)}`,
    );
    const token = await new SignJWT({ plan: 'pro' })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime(Math.floor(server.clock.now().getTime() / 1000) + 600)
      .sign(new TextEncoder().encode(auth.privateKey));
    const signedIn = await open(`welcome?jwt_token=${token}`);
    expect(signedIn.status).toBe(302);
    const cookie = (signedIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const page = await open('welcome', { cookie });
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toContain('private');
    const html = await page.text();
    expect(html).toContain('Pro customers read this.');
    expect(html).not.toContain('Beta testers');
    await setSite({ visibility: 'public' });
  });

  it("answers agents through the site's MCP server, under the same access rules", async () => {
    const connect = async (query = '') => {
      const client = new Client({ name: 'quire-test', version: '1.0.0' });
      const transport = new StreamableHTTPClientTransport(
        new URL(`http://quire.test/s/${siteId}/~gitbook/mcp${query}`),
        { fetch: (input, init) => server.fetch(new Request(input, init)) },
      );
      await client.connect(transport);
      return client;
    };
    const textOf = (result: Awaited<ReturnType<Client['callTool']>>) =>
      (result.content as { type: string; text: string }[]).map((part) => part.text).join('');

    const client = await connect();
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual([
      'ask',
      'readPage',
      'searchDocumentation',
    ]);
    // Without a model, the answer is the best sections, linked, and marked as such; never what
    // a condition hides from this visitor.
    const answered = textOf(
      await client.callTool({ name: 'ask', arguments: { question: 'How do I install node?' } }),
    );
    expect(answered).toMatch(/^_No language model answers questions on this server/);
    expect(answered).toContain(`http://quire.test/s/${siteId}/setup`);
    const hidden = textOf(
      await client.callTool({
        name: 'ask',
        arguments: { question: 'What do pro customers read?' },
      }),
    );
    expect(hidden).not.toContain('Pro customers read this');
    const found = textOf(
      await client.callTool({ name: 'searchDocumentation', arguments: { query: 'install node' } }),
    );
    expect(found).toContain(`http://quire.test/s/${siteId}/setup`);
    const page = textOf(
      await client.callTool({
        name: 'readPage',
        arguments: { url: `http://quire.test/s/${siteId}/welcome` },
      }),
    );
    expect(page).toContain('Everyone reads this.');
    expect(page).not.toContain('Pro customers');
    const missing = await client.callTool({ name: 'readPage', arguments: { url: 'nowhere' } });
    expect(missing.isError).toBe(true);
    await client.close();

    // A share-link site opens to an agent only with a working key in the server's URL.
    await setSite({ visibility: 'share-link' });
    const { key } = await createShareLinkWithKey(org.admin, at(), 'Agents');
    await expect(connect()).rejects.toThrow();
    const shared = await connect(`?share=${encodeURIComponent(key)}`);
    const read = textOf(await shared.callTool({ name: 'readPage', arguments: { url: 'setup' } }));
    expect(read).toContain('Install Node.');
    await shared.close();
    await setSite({ visibility: 'public' });
  });

  it('runs on its own against a Quire server it reaches over HTTP', async () => {
    const api = serve({ fetch: server.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => api.once('listening', resolve));
    try {
      const { port } = api.address() as AddressInfo;
      const site = createSiteApp({ api: { baseUrl: `http://127.0.0.1:${port}` } });
      // Readers reach it with the host of the server's PUBLIC_URL, as a proxy forwards them.
      const response = await site.fetch(new Request(`http://quire.test/s/${siteId}/setup`));
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('Install Node.');
    } finally {
      await new Promise((resolve) => api.close(resolve));
    }
  });

  it("answers at the organization's hostname, under the site's basename", async () => {
    await org.admin.client.PATCH('/orgs/{organizationId}', {
      params: { path: { organizationId: org.organizationId } },
      body: { hostname: 'acme' },
    });
    await setSite({ basename: 'help' });
    const response = await server.fetch(new Request('http://acme.quire.test/help/setup'));
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('Install Node.');
    expect(html).toContain('href="/help/welcome"');
    expect((await server.fetch(new Request('http://acme.quire.test/other'))).status).toBe(404);
  });

  it("shows the operations of the organization's OpenAPI specs, and follows their new versions", async () => {
    const specAt = { organizationId: org.organizationId, specSlug: 'shop' };
    const shop = (summary: string) =>
      [
        'openapi: 3.1.0',
        'info: {title: Shop, version: "1"}',
        'servers: [{url: "https://shop.example.com"}]',
        'paths:',
        '  /orders:',
        '    post:',
        `      summary: ${summary}`,
        '      parameters: [{name: dryRun, in: query, schema: {type: boolean}}]',
        '      responses: {"201": {description: Placed.}}',
        '',
      ].join('\n');
    await org.admin.client.POST('/orgs/{organizationId}/openapi', {
      params: { path: { organizationId: org.organizationId } },
      body: { slug: 'shop', source: { text: shop('Place an order') } },
    });
    await server.jobs.runDue();
    const spaceId = await createSpaceWithContent(org, 'API', [
      {
        operation: 'insert_page',
        title: 'Orders',
        document: {
          markdown:
            '{% openapi-operation spec="shop" path="/orders" method="post" %}\n{% endopenapi-operation %}\n',
        },
      },
    ]);
    const apiSite = await org.admin.client.POST('/orgs/{organizationId}/sites', {
      params: { path: { organizationId: org.organizationId } },
      body: { title: 'Shop API', spaces: [spaceId] },
    });
    await org.admin.client.POST('/orgs/{organizationId}/sites/{siteId}/publish', {
      params: { path: { organizationId: org.organizationId, siteId: apiSite.id } },
    });
    const orders = () => server.fetch(new Request(`http://quire.test/s/${apiSite.id}/orders`));

    const first = await orders();
    expect(first.status).toBe(200);
    const html = await first.text();
    expect(html).toContain('Place an order');
    expect(html).toContain('<code>https://shop.example.com</code>');
    expect(html).toMatch(/<caption>Parameters<\/caption>[\s\S]*<code>dryRun<\/code>/);
    const etag = (await orders()).headers.get('etag') ?? '';

    // A new version of the spec shows at once, under a new ETag.
    await org.admin.client.PUT('/orgs/{organizationId}/openapi/{specSlug}', {
      params: { path: specAt },
      body: { source: { text: shop('Place an order, paid at once') } },
    });
    await server.jobs.runDue();
    const again = await orders();
    expect(again.headers.get('etag')).not.toBe(etag);
    expect(await again.text()).toContain('Place an order, paid at once');

    // The reader token of a site reads its organization's specs, and no other's.
    const lookup = await server.fetch(
      new Request('http://quire.test/v1/urls/published', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ url: `http://quire.test/s/${apiSite.id}/orders` }),
      }),
    );
    const { apiToken } = (await lookup.json()) as { apiToken: string };
    const reader = server.clientWith(apiToken);
    const content = await reader.GET(
      '/orgs/{organizationId}/openapi/{specSlug}/versions/latest/content',
      { params: { path: specAt } },
    );
    expect(content.filesystem.map((file) => file.filename)).toEqual(['openapi.yaml']);
    const elsewhere = await server.createOrganization(org.admin, 'Elsewhere');
    await expectApiError(
      reader.GET('/orgs/{organizationId}/openapi/{specSlug}/versions/latest', {
        params: { path: { organizationId: elsewhere, specSlug: 'shop' } },
      }),
      404,
    );
    await expectApiError(
      reader.GET('/orgs/{organizationId}/openapi', {
        params: { path: { organizationId: org.organizationId } },
      }),
      401,
    );
  });
});
