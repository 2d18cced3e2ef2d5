import type { components } from '@quire/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../store/schema.js';
import { findSiteRedirectBySource } from '../../store/site-redirects.js';
import type { SiteRecord } from '../../store/sites.js';
import type { Actor } from '../actor.js';
import {
  createSiteRedirect,
  type DestinationInput,
  isItemError,
  publishDraftRedirect,
  removeSiteRedirect,
  updateSiteRedirect,
} from './site-redirects.js';

/** One redirect of a bulk upsert, as the contract takes it. */
export type BulkRedirectItem =
  | { source: string; intent: 'publish' }
  | {
      source: string;
      intent?: 'live' | 'draft' | undefined;
      captureWildcard?: boolean | undefined;
      permanent?: boolean | undefined;
      destination: DestinationInput | null;
    };

type BulkResult = components['schemas']['SiteRedirectBulkResult'];

/**
 * Creates, updates, deletes or publishes each redirect in order, each in its own transaction
 * with its own event, so one that fails (a bad destination, nothing to delete) stops only
 * itself: its result says why.
 */
export async function bulkUpsertSiteRedirects(
  db: Kysely<Database>,
  actor: Actor,
  site: SiteRecord,
  items: readonly BulkRedirectItem[],
  now: Date,
): Promise<BulkResult[]> {
  const results: BulkResult[] = [];
  for (const item of items) {
    const draft = item.intent === 'draft';
    try {
      results.push(await upsertOne(db, actor, site, item, now));
    } catch (error) {
      if (!isItemError(error)) throw error;
      results.push({ status: 'error', source: item.source, draft, error: error.message });
    }
  }
  return results;
}

async function upsertOne(
  db: Kysely<Database>,
  actor: Actor,
  site: SiteRecord,
  item: BulkRedirectItem,
  now: Date,
): Promise<BulkResult> {
  const { source } = item;
  if (item.intent === 'publish') {
    const published = await publishDraftRedirect(db, actor, site, source, now);
    return { status: 'published', source, draft: false, id: published.id };
  }
  const draft = item.intent === 'draft';
  const existing = await findSiteRedirectBySource(db, site.id, source, draft);
  if (item.destination === null) {
    if (existing === undefined) {
      return {
        status: 'error',
        source,
        draft,
        error: `No ${draft ? 'draft' : 'live'} redirect of ${source}`,
      };
    }
    await removeSiteRedirect(db, actor, site, existing, now);
    return { status: 'deleted', source, draft };
  }
  const settings = {
    captureWildcard: item.captureWildcard,
    permanent: item.permanent,
    destination: item.destination,
  };
  if (existing !== undefined) {
    await updateSiteRedirect(db, actor, site, existing, settings, now);
    return { status: 'updated', source, draft, id: existing.id };
  }
  const created = await createSiteRedirect(
    db,
    actor,
    site,
    { ...settings, source, draft, destination: item.destination },
    now,
  );
  return { status: 'created', source, draft, id: created.id };
}
