import type { Reply } from '@quire/contract';
import { type Caller, isSiteReader } from '../domain/actor.js';
import { findSharedSpace } from '../domain/sites/shared-space.js';
import { findSpaceForCaller } from '../domain/spaces/space-access.js';
import { notFound } from '../errors.js';
import { presentSpace } from '../presenters/space.js';
import type { AppServices } from '../services/app-services.js';

/**
 * `GET S?shareKey=`: the space as read through a share link of a site publishing it, with
 * `urls.published` going through that link. Anyone with a working key may read it (members keep
 * their role); a key that opens no link publishing the space is a 404.
 */
export async function getSharedSpace(
  spaceId: string,
  shareKey: string,
  actor: Caller,
  services: AppServices,
): Promise<Reply<'getSpaceById'>> {
  const shared = await findSharedSpace(
    services.db,
    services.shareKeys,
    spaceId,
    shareKey,
    services.clock.now(),
  );
  if (shared === undefined) throw notFound(`Space ${spaceId} not found through this shareKey`);
  const access = isSiteReader(actor)
    ? undefined
    : await findSpaceForCaller(services.db, actor, spaceId);
  const body = presentSpace(shared.space, access?.role ?? null, services.urls);
  const published = `${services.urls.site(shared.siteId, ...shared.segments)}?share=${encodeURIComponent(shareKey)}`;
  return { status: 200, body: { ...body, urls: { ...body.urls, published } } };
}
