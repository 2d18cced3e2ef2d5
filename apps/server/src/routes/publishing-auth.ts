import type { AppDeps } from '../deps.js';
import type { Actor } from '../domain/actor.js';
import {
  loadPublishingAuth,
  type PublishingAuth,
  regeneratePublishingKey,
  updatePublishingAuth,
} from '../domain/sites/publishing-auth.js';
import type { HandlerTable } from '../http/handler.js';
import { presentPublishingAuth } from '../presenters/publishing-auth.js';
import { loadSiteWithRole, shareKeysOf } from './site-views.js';

type PublishingAuthHandlers = Pick<
  HandlerTable,
  'getSitePublishingAuthById' | 'updateSitePublishingAuthById' | 'regenerateSitePublishingAuthById'
>;

/** A site whose publishing key the caller may see: only admins hold the key. */
async function loadSiteForAdmin(
  deps: AppDeps,
  actor: Actor,
  params: { organizationId: string; siteId: string },
) {
  const action = "see or change a site's publishing authentication";
  return (await loadSiteWithRole(deps, actor, params, 'admin', action)).site;
}

const answer = (auth: PublishingAuth) => ({
  status: 200 as const,
  body: presentPublishingAuth(auth),
});

/** Handlers of a site's publishing authentication: the key visitor tokens are signed with. */
export const publishingAuthHandlers: PublishingAuthHandlers = {
  getSitePublishingAuthById: async ({ params, actor, deps }) => {
    const site = await loadSiteForAdmin(deps, actor, params);
    return answer(await loadPublishingAuth(deps.db, site, shareKeysOf(deps), deps.clock.now()));
  },

  updateSitePublishingAuthById: async ({ params, body, actor, deps }) => {
    const site = await loadSiteForAdmin(deps, actor, params);
    const auth = await updatePublishingAuth(
      deps.db,
      actor,
      site,
      body,
      shareKeysOf(deps),
      deps.clock.now(),
    );
    return answer(auth);
  },

  regenerateSitePublishingAuthById: async ({ params, actor, deps }) => {
    const site = await loadSiteForAdmin(deps, actor, params);
    return answer(
      await regeneratePublishingKey(deps.db, actor, site, shareKeysOf(deps), deps.clock.now()),
    );
  },
};
