import type { components } from '@quire/contract';
import { batchResult } from './batch-result.js';
import type { TestUser } from './test-server.js';

type Change = components['schemas']['ContentChange'];

/**
 * Editing a space as `user` does through change requests: open one, apply a batch (answered as
 * with `compat=false`), merge it. `spaceId` is read at each call, as tests set it in `beforeAll`.
 * @example const { openChangeRequest, apply, merge } = spaceEditing(admin, () => spaceId);
 */
export function spaceEditing(user: TestUser, spaceId: () => string) {
  return {
    openChangeRequest: async () =>
      (
        await user.client.POST('/spaces/{spaceId}/change-requests', {
          params: { path: { spaceId: spaceId() } },
          body: {},
        })
      ).id,
    apply: async (changeRequestId: string, changes: Change[]) =>
      batchResult(
        await user.client.POST('/spaces/{spaceId}/change-requests/{changeRequestId}/content', {
          params: { path: { spaceId: spaceId(), changeRequestId }, query: { compat: false } },
          body: { changes },
        }),
      ),
    merge: (changeRequestId: string) =>
      user.client.POST('/spaces/{spaceId}/change-requests/{changeRequestId}/merge', {
        params: { path: { spaceId: spaceId(), changeRequestId } },
      }),
  };
}
