import type { Kysely } from 'kysely';
import { invalid } from '../../errors.js';
import type { EventAction } from '../../model/event-actions.js';
import type { Database } from '../../store/schema.js';
import { updateSection } from '../../store/site-structure.js';
import {
  deleteSite,
  findSiteById,
  type SiteAgentsContext,
  type SiteChanges,
  type SiteRecord,
  type SiteVisibility,
  updateSite,
} from '../../store/sites.js';
import type { Actor } from '../actor.js';
import { recordEvent } from '../events/record-event.js';
import { changeSite } from './site-structure.js';

/** The settings a site update may change; absent fields stay. */
export interface SiteSettings {
  title?: string | undefined;
  visibility?: SiteVisibility | undefined;
  basename?: string | null | undefined;
  adaptiveContent?: { enabled: boolean } | undefined;
  agentsContext?: SiteAgentsContext | undefined;
  defaultSiteSpace?: string | undefined;
  defaultSiteSection?: string | undefined;
  proxy?: string | null | undefined;
}

// A host name with at least two labels, then one or more path segments: docs.example.com/help.
const proxyPattern =
  /^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\/[A-Za-z0-9._~-]+)+\/?$/;

/**
 * Applies settings to a site. The default site space must be at the root or in the default
 * section (after `defaultSiteSection` is applied); the default section must be one of the
 * site's; the proxy must be a host with a path.
 */
export function updateSiteSettings(
  db: Kysely<Database>,
  actor: Actor,
  site: SiteRecord,
  settings: SiteSettings,
  now: Date,
): Promise<SiteRecord> {
  if (
    settings.proxy !== undefined &&
    settings.proxy !== null &&
    !proxyPattern.test(settings.proxy)
  ) {
    throw invalid(
      'proxy must be a host name followed by one or more path segments, such as docs.example.com/help',
    );
  }
  return changeSite(db, actor, site, now, async (trx, structure) => {
    const changes: SiteChanges = {
      title: settings.title,
      visibility: settings.visibility,
      basename: settings.basename,
      adaptiveContent: settings.adaptiveContent?.enabled,
      agentsContext: settings.agentsContext,
      proxy: settings.proxy,
      updatedAt: now.toISOString(),
    };
    let defaultSectionId = structure.site.defaultSectionId;
    if (settings.defaultSiteSection !== undefined) {
      if (!structure.sections.some((section) => section.id === settings.defaultSiteSection)) {
        throw invalid(
          `defaultSiteSection: ${settings.defaultSiteSection} is not a section of this site`,
        );
      }
      defaultSectionId = settings.defaultSiteSection;
      changes.defaultSectionId = defaultSectionId;
    }
    if (settings.defaultSiteSpace !== undefined) {
      const siteSpace = structure.siteSpaces.find((item) => item.id === settings.defaultSiteSpace);
      if (siteSpace === undefined) {
        throw invalid(
          `defaultSiteSpace: ${settings.defaultSiteSpace} is not a site space of this site`,
        );
      }
      if (siteSpace.sectionId === null) changes.defaultSiteSpaceId = siteSpace.id;
      else if (siteSpace.sectionId === defaultSectionId) {
        await updateSection(trx, siteSpace.sectionId, { defaultSiteSpaceId: siteSpace.id });
      } else {
        throw invalid(
          `defaultSiteSpace: ${siteSpace.id} is neither at the root nor in the default section`,
        );
      }
    }
    await updateSite(trx, site.id, changes);
    const updated = await findSiteById(trx, site.id);
    if (updated === undefined) throw new Error(`Site ${site.id} vanished while changing`);
    return {
      result: updated,
      event: {
        action: 'site.updated',
        target: { type: 'site', id: site.id, label: updated.title },
        payload: { fields: Object.keys(settings).sort() },
      },
    };
  });
}

/** Writes `changes` to a site and records `action`, in one transaction. */
export function changeSiteRecord(
  db: Kysely<Database>,
  actor: Actor,
  site: SiteRecord,
  changes: SiteChanges,
  action: EventAction,
): Promise<SiteRecord> {
  return db.transaction().execute(async (trx) => {
    await updateSite(trx, site.id, changes);
    const updated = await findSiteById(trx, site.id);
    if (updated === undefined) throw new Error(`Site ${site.id} vanished while changing`);
    await recordEvent(
      trx,
      actor,
      {
        action,
        organizationId: site.organizationId,
        target: { type: 'site', id: site.id, label: updated.title },
      },
      new Date(changes.updatedAt),
    );
    return updated;
  });
}

/** Publishes (`true`) or unpublishes a site. */
export function setSitePublished(
  db: Kysely<Database>,
  actor: Actor,
  site: SiteRecord,
  published: boolean,
  now: Date,
): Promise<SiteRecord> {
  return changeSiteRecord(
    db,
    actor,
    site,
    { published, updatedAt: now.toISOString() },
    published ? 'site.published' : 'site.unpublished',
  );
}

/** Removes a site with its structure and share links. */
export function removeSite(
  db: Kysely<Database>,
  actor: Actor,
  site: SiteRecord,
  now: Date,
): Promise<void> {
  return db.transaction().execute(async (trx) => {
    await deleteSite(trx, site.id);
    await recordEvent(
      trx,
      actor,
      {
        action: 'site.deleted',
        organizationId: site.organizationId,
        target: { type: 'site', id: site.id, label: site.title },
      },
      now,
    );
  });
}
