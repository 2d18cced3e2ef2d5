import type { Reply } from '@quire/contract';
import type { AppDeps } from '../deps.js';
import type { Actor } from '../domain/actor.js';
import { findSharedSpace } from '../domain/sites/shared-space.js';
import { findSpaceForCaller } from '../domain/spaces/space-access.js';
import { notFound } from '../errors.js';
import { presentSpace } from '../presenters/space.js';
import { shareKeysOf } from './site-views.js';

/**
 * `GET S?shareKey=`: the space as read through a share link of a site publishing it, with
 * `urls.published` going through that link. Anyone with a working key may read it (members keep
 * their role); a key that opens no link publishing the space is a 404.
 */
export async function getSharedSpace(
  spaceId: string,
  shareKey: string,
  actor: Actor,
  deps: AppDeps,
): Promise<Reply<'getSpaceById'>> {
  const shared = await findSharedSpace(
    deps.db,
    shareKeysOf(deps),
    spaceId,
    shareKey,
    deps.clock.now(),
  );
  if (shared === undefined) throw notFound(`Space ${spaceId} not found through this shareKey`);
  const access = await findSpaceForCaller(deps.db, actor, spaceId);
  const body = presentSpace(shared.space, access?.role ?? null, deps.urls);
  const published = `${deps.urls.site(shared.siteId, ...shared.segments)}?share=${encodeURIComponent(shareKey)}`;
  return { status: 200, body: { ...body, urls: { ...body.urls, published } } };
}
