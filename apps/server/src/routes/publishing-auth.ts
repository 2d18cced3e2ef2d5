import type { Actor } from '../domain/actor.js';
import {
  loadPublishingAuth,
  type PublishingAuth,
  regeneratePublishingKey,
  updatePublishingAuth,
} from '../domain/sites/publishing-auth.js';
import type { HandlerTable } from '../http/handler.js';
import { presentPublishingAuth } from '../presenters/publishing-auth.js';
import type { AppServices } from '../services/app-services.js';
import { loadSiteWithRole } from './site-views.js';

type PublishingAuthHandlers = Pick<
  HandlerTable,
  'getSitePublishingAuthById' | 'updateSitePublishingAuthById' | 'regenerateSitePublishingAuthById'
>;

/** A site whose publishing key the caller may see: only admins hold the key. */
async function loadSiteForAdmin(
  services: AppServices,
  actor: Actor,
  params: { organizationId: string; siteId: string },
) {
  const action = "see or change a site's publishing authentication";
  return (await loadSiteWithRole(services, actor, params, 'admin', action)).site;
}

const answer = (auth: PublishingAuth) => ({
  status: 200 as const,
  body: presentPublishingAuth(auth),
});

/** Handlers of a site's publishing authentication: the key visitor tokens are signed with. */
export const publishingAuthHandlers: PublishingAuthHandlers = {
  getSitePublishingAuthById: async ({ params, actor, services }) => {
    const site = await loadSiteForAdmin(services, actor, params);
    return answer(
      await loadPublishingAuth(services.db, site, services.shareKeys, services.clock.now()),
    );
  },

  updateSitePublishingAuthById: async ({ params, body, actor, services }) => {
    const site = await loadSiteForAdmin(services, actor, params);
    const auth = await updatePublishingAuth(
      services.db,
      actor,
      site,
      body,
      services.shareKeys,
      services.clock.now(),
    );
    return answer(auth);
  },

  regenerateSitePublishingAuthById: async ({ params, actor, services }) => {
    const site = await loadSiteForAdmin(services, actor, params);
    return answer(
      await regeneratePublishingKey(
        services.db,
        actor,
        site,
        services.shareKeys,
        services.clock.now(),
      ),
    );
  },
};
