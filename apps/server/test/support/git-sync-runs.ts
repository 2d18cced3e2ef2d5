import { expect } from 'vitest';
import type { GitHttpServer } from './git-http-server.js';
import type { TestServer, TestUser } from './test-server.js';

/**
 * Imports a space from, or exports it to, a repository of the loopback Git server as `user`,
 * runs the queued job and expects it to have succeeded (its error shown when it did not).
 */
export function gitSyncRuns(
  server: TestServer,
  git: GitHttpServer,
  user: TestUser,
  credentials: { username: string; password: string },
) {
  return async (
    spaceId: string,
    direction: 'import' | 'export',
    repository: string,
    { ref = 'main', commitMessage = 'Export' }: { ref?: string; commitMessage?: string } = {},
  ) => {
    const params = { path: { spaceId } };
    const url = git.url(repository, credentials);
    if (direction === 'import') {
      await user.client.POST('/spaces/{spaceId}/git/import', { params, body: { url, ref } });
    } else {
      await user.client.POST('/spaces/{spaceId}/git/export', {
        params,
        body: { url, ref, commitMessage },
      });
    }
    await server.jobs.runDue();
    const info = await user.client.GET('/spaces/{spaceId}/git/info', { params });
    expect(info.operation, info.operation?.error).toMatchObject({ state: 'success', direction });
  };
}
