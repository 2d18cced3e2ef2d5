import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, testBaseUrl } from './support/test-server.js';

// The built editor app as the server serves it: its page for every app path, its assets kept.
describe('the editor app’s files', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  const get = (path: string) => server.fetch(new Request(`${testBaseUrl}${path}`));

  it('answers its page under a CSP for any app path, a malformed escape too', async () => {
    for (const path of ['/app/', '/app/spaces/abc/pages/def', '/app/%E0%A4%A']) {
      const answer = await get(path);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-security-policy')).toContain("script-src 'self'");
      expect(await answer.text()).toContain('<div id="root">');
    }
  });

  it('keeps its hashed assets, and a missing one is a 404', async () => {
    const page = await (await get('/app/')).text();
    const script = /src="(\/app\/assets\/[^"]+\.js)"/.exec(page)?.[1] ?? '';
    const asset = await get(script);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect((await get('/app/assets/nothing-here.js')).status).toBe(404);
  });
});
