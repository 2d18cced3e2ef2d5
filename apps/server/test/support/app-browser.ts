import { createQuireClient } from '@quire/client';
import { type TestServer, testBaseUrl } from './test-server.js';

/**
 * A browser of the app against the test server: keeps the session cookie it is given and sends
 * it as the app does. `client` is the app's own client (`X-Quire-App`); `plain` sends the cookie
 * without it, as another site's page would.
 */
export function appBrowser(server: TestServer, extraHeaders: Record<string, string> = {}) {
  let cookie: string | undefined;
  const fetch = async (request: Request) => {
    const headers = new Headers(request.headers);
    if (cookie !== undefined) headers.set('cookie', cookie);
    for (const [name, value] of Object.entries(extraHeaders)) headers.set(name, value);
    const response = await server.fetch(new Request(request, { headers }));
    const set = response.headers.get('set-cookie');
    if (set !== null) cookie = set.split(';')[0];
    return response;
  };
  return {
    client: createQuireClient({ baseUrl: testBaseUrl, fetch, session: true }),
    plain: createQuireClient({ baseUrl: testBaseUrl, fetch }),
    get cookie() {
      return cookie;
    },
  };
}
