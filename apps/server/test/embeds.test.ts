import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError } from './support/expect-api-error.js';
import { FixtureServer } from './support/fixture-server.js';
import { createSpaceWithContent } from './support/space-with-content.js';
import {
  createStaffedOrganization,
  type StaffedOrganization,
  startTestServer,
  type TestServer,
} from './support/test-server.js';

describe('embeds', () => {
  let server: TestServer;
  let org: StaffedOrganization;
  let spaceId: string;
  const pages = new FixtureServer();

  const preview = (url: string, client = org.reader.client) =>
    client.GET('/spaces/{spaceId}/embed', { params: { path: { spaceId }, query: { url } } });

  beforeAll(async () => {
    server = await startTestServer({ outboundAllowPrivate: true });
    org = await createStaffedOrganization(server);
    await pages.start();
    spaceId = await createSpaceWithContent(org, 'Guides', [
      { operation: 'insert_page', title: 'Talks', document: { markdown: 'Talks.\n' } },
    ]);
  });
  afterAll(async () => {
    await pages.close();
    await server.close();
  });

  it('previews a page by its Open Graph card, and a file by its name, keeping each an hour', async () => {
    const article = pages.serve(
      '/article',
      'text/html; charset=utf-8',
      `<html><head><title>Fallback</title><meta property="og:title" content="How we ship">
       <meta property="og:site_name" content="Acme blog"><link rel="icon" href="/favicon.png">
       </head><body>…</body></html>`,
    );
    expect(await preview(article)).toEqual({
      type: 'link',
      title: 'How we ship',
      site: 'Acme blog',
      icon: `${pages.origin}/favicon.png`,
    });
    const file = pages.serve('/files/report.pdf', 'application/pdf', '%PDF-1.4');
    expect(await preview(file)).toEqual({ type: 'link', title: 'report.pdf', site: '127.0.0.1' });
    const asked = pages.requested.length;
    await preview(article);
    expect(pages.requested.length).toBe(asked);
  });

  it('refuses what is not an http(s) URL, answers 404 for one that answers nothing, and refuses outsiders', async () => {
    await expectApiError(preview('ftp://example.com/file'), 400, /absolute http\(s\) URL/);
    await expectApiError(preview('not a url'), 400, /absolute http\(s\) URL/);
    await expectApiError(preview(`${pages.origin}/missing`), 404, /nothing to preview/);
    await expectApiError(preview(`${pages.origin}/article`, org.outsider.client), 404);
    await expectApiError(preview(`${pages.origin}/article`, server.clientWith()), 401);
  });
});
