import type { Hono } from 'hono';
import { receivePush } from '../domain/git-sync/receive-push.js';
import type { AppServices } from '../services/app-services.js';
import type { AppEnv } from './app-env.js';
import { requestBodyLimit } from './request-body-limit.js';

// A push event lists its commits; hosts cap them (GitHub at 2,048 with 25 MB of payload), and a
// sync only needs the branch and the new tip.
const deliverySizeLimit = 25 * 1024 * 1024;

/**
 * Serves `POST /git/hooks/{connectionId}`, outside the JSON API: where GitHub, GitLab, Gitea and
 * Forgejo send the push events of a connected repository. The body is read raw, as the
 * signature is over its bytes; the answer is 202 `{status: queued|ignored}`, 401 for a
 * signature that does not match, 404 for an unknown connection.
 */
export function mountGitPushHooks(app: Hono<AppEnv>, services: AppServices): void {
  app.post('/git/hooks/:connectionId', requestBodyLimit(deliverySizeLimit), async (c) => {
    const body = new Uint8Array(await c.req.arrayBuffer());
    const status = await receivePush(
      services.db,
      services.gitSecrets,
      c.req.param('connectionId'),
      { header: (name) => c.req.header(name), body },
      services.clock.now(),
    );
    return c.json({ status }, 202);
  });
}
