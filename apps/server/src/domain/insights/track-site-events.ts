import type { components } from '@quire/contract';
import { notFound } from '../../errors.js';
import { newId } from '../../ids.js';
import type { Executor } from '../../store/schema.js';
import {
  insertSiteInsightEvents,
  type SiteInsightEventRow,
} from '../../store/site-insight-events.js';
import { rateAnswer } from '../../store/site-questions.js';
import { findSiteCached, readSiteStructureCached } from '../published/cached-site-reads.js';

type SiteInsightsEvent = components['schemas']['SiteInsightsEvent'];

// A reader's browser reports in batches a few seconds apart; a time further off than this is
// a clock gone wrong, and the event is recorded as happening when it arrives.
const trustedPastMs = 24 * 60 * 60 * 1000;
const trustedFutureMs = 5 * 60 * 1000;

/**
 * Records readers' events on a published site for its insights. A location naming a section,
 * site space or space the site does not publish is kept without them (and a page without its
 * space); a URL is kept as its path alone, so no share key or token in its query is. An
 * unpublished site, or one of another organization, is a 404.
 */
export async function trackSiteEvents(
  db: Executor,
  where: { organizationId: string; siteId: string },
  events: readonly SiteInsightsEvent[],
  now: Date,
): Promise<void> {
  const site = await findSiteCached(db, where.siteId);
  if (site === undefined || site.organizationId !== where.organizationId || !site.published) {
    throw notFound(`Site ${where.siteId} not found`);
  }
  const structure = await readSiteStructureCached(db, site);
  const sections = new Set(structure.sections.map((section) => section.id));
  const siteSpaces = new Set(structure.siteSpaces.map((siteSpace) => siteSpace.id));
  const spaces = new Set(structure.siteSpaces.map((siteSpace) => siteSpace.spaceId));
  const known = (value: string | null | undefined, among: Set<string>) =>
    value !== null && value !== undefined && among.has(value) ? value : null;
  const rows = events.map((event): SiteInsightEventRow => {
    const { location, session } = event;
    const spaceId = known(location.space, spaces);
    return {
      id: newId(),
      site_id: site.id,
      type: event.type,
      occurred_at: occurredAt(event.timestamp, now),
      display_context: location.displayContext ?? 'site',
      url_path: pathOf(location.url),
      site_section_id: known(location.siteSection, sections),
      site_space_id: known(location.siteSpace, siteSpaces),
      space_id: spaceId,
      page_id: spaceId === null ? null : (location.page ?? null),
      session_id: session.sessionId,
      visitor_id: session.visitorId,
      referrer_domain: domainOf(session.referrer),
      search_query: event.type === 'search_type_query' ? (event.query ?? null) : null,
      feedback_rating:
        event.type === 'page_post_feedback' ? (event.feedback?.rating ?? null) : null,
    };
  });
  await insertSiteInsightEvents(db, rows);
  // A reader's rating of an answer is the answer's feedback, for the site's owners.
  for (const event of events) {
    if (event.type !== 'ask_rate_response' || event.responseId === undefined) continue;
    if (event.rating !== 1 && event.rating !== -1) continue;
    await rateAnswer(db, site.id, event.responseId, event.rating, now.toISOString());
  }
}

function occurredAt(timestamp: string | undefined, now: Date): string {
  const at = timestamp === undefined ? Number.NaN : Date.parse(timestamp);
  const trusted =
    Number.isFinite(at) &&
    at >= now.getTime() - trustedPastMs &&
    at <= now.getTime() + trustedFutureMs;
  return new Date(trusted ? at : now.getTime()).toISOString();
}

function pathOf(url: string): string {
  try {
    return new URL(url, 'http://site.invalid').pathname;
  } catch {
    return '/';
  }
}

function domainOf(referrer: string | null | undefined): string | null {
  if (referrer === null || referrer === undefined || referrer === '') return null;
  try {
    return new URL(referrer).hostname;
  } catch {
    return null;
  }
}
