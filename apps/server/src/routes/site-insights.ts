import { aggregateSiteEvents, rangeOf } from '../domain/insights/aggregate-site-events.js';
import { trackSiteEvents } from '../domain/insights/track-site-events.js';
import { loadSiteForMember } from '../domain/sites/site-access.js';
import type { HandlerTable } from '../http/handler.js';
import { listSiteInsightEvents } from '../store/site-insight-events.js';

type SiteInsightHandlers = Pick<HandlerTable, 'trackEventsInSiteById' | 'aggregateSiteEvents'>;

// The events one query reads at most: a year of a busy site's views is counted in memory.
const eventsPerQuery = 500_000;

/** Handlers of site insights: readers' events recorded, and counted for the members. */
export const siteInsightHandlers: SiteInsightHandlers = {
  trackEventsInSiteById: async ({ params, body, services }) => {
    await trackSiteEvents(services.db, params, body.events, services.clock.now());
    return { status: 204 };
  },

  aggregateSiteEvents: async ({ params, body, actor, services }) => {
    const { site } = await loadSiteForMember(
      services.db,
      actor,
      params.organizationId,
      params.siteId,
    );
    const range = rangeOf(body.range, services.clock.now());
    const rows = await listSiteInsightEvents(services.db, site.id, range, eventsPerQuery);
    return { status: 200, body: { columns: aggregateSiteEvents(rows, body) } };
  },
};
