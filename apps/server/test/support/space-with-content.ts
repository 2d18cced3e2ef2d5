import type { components } from '@quire/contract';
import type { StaffedOrganization } from './test-server.js';

type Change = components['schemas']['ContentChange'];

/** A space of the organization whose content is `changes`, merged through a change request. */
export async function createSpaceWithContent(
  org: StaffedOrganization,
  title: string,
  changes: Change[],
): Promise<string> {
  const { client } = org.admin;
  const space = await client.POST('/orgs/{organizationId}/spaces', {
    params: { path: { organizationId: org.organizationId } },
    body: { title },
  });
  const changeRequest = await client.POST('/spaces/{spaceId}/change-requests', {
    params: { path: { spaceId: space.id } },
    body: {},
  });
  const path = { spaceId: space.id, changeRequestId: changeRequest.id };
  await client.POST('/spaces/{spaceId}/change-requests/{changeRequestId}/content', {
    params: { path },
    body: { changes },
  });
  await client.POST('/spaces/{spaceId}/change-requests/{changeRequestId}/merge', {
    params: { path },
  });
  return space.id;
}
