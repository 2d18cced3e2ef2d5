import type { components } from '@quire/contract';
import type { Kysely } from 'kysely';
import { notFound } from '../../errors.js';
import type { Database } from '../../store/schema.js';
import { type SiteSpaceRecord, updateSiteSpace } from '../../store/site-structure.js';
import type { SiteRecord } from '../../store/sites.js';
import type { Actor } from '../actor.js';
import { type AdaptiveJsonSchema, adaptiveClaims } from './adaptive-schema.js';
import { checkCondition } from './conditions.js';
import { changeSite } from './site-structure.js';
import { changeSiteRecord } from './update-site.js';

/** Customization settings of a site or a site space. */
export type SiteCustomization = components['schemas']['SiteCustomizationSettings'];

/** Stores a new adaptive schema after checking it (see `adaptiveClaims`). */
export function replaceAdaptiveSchema(
  db: Kysely<Database>,
  actor: Actor,
  site: SiteRecord,
  jsonSchema: AdaptiveJsonSchema,
  now: Date,
): Promise<SiteRecord> {
  adaptiveClaims(jsonSchema);
  const at = now.toISOString();
  return changeSiteRecord(
    db,
    actor,
    site,
    { adaptiveSchema: JSON.stringify(jsonSchema), adaptiveSchemaUpdatedAt: at, updatedAt: at },
    'site.adaptive_schema_updated',
  );
}

/** Checks the conditions of a customization's header links parse as visitor conditions. */
function checkCustomization(customization: SiteCustomization): void {
  for (const [index, link] of (customization.header?.links ?? []).entries()) {
    const field = `header.links[${index}]`;
    if (link.condition !== undefined) checkCondition(link.condition, `${field}.condition`);
    for (const [inner, sublink] of (link.links ?? []).entries()) {
      if (sublink.condition !== undefined) {
        checkCondition(sublink.condition, `${field}.links[${inner}].condition`);
      }
    }
  }
}

/** Replaces a site's customization. */
export function replaceSiteCustomization(
  db: Kysely<Database>,
  actor: Actor,
  site: SiteRecord,
  customization: SiteCustomization,
  now: Date,
): Promise<SiteRecord> {
  checkCustomization(customization);
  return changeSiteRecord(
    db,
    actor,
    site,
    { customization: JSON.stringify(customization), updatedAt: now.toISOString() },
    'site.customization_updated',
  );
}

/** Replaces a site space's own customization. */
export function replaceSiteSpaceCustomization(
  db: Kysely<Database>,
  actor: Actor,
  site: SiteRecord,
  siteSpaceId: string,
  customization: SiteCustomization,
  now: Date,
): Promise<SiteCustomization> {
  checkCustomization(customization);
  return changeSite(db, actor, site, now, async (trx, structure) => {
    const siteSpace = requireSiteSpace(structure.siteSpaces, siteSpaceId);
    await updateSiteSpace(trx, siteSpace.id, { customization: JSON.stringify(customization) });
    return {
      result: customization,
      event: {
        action: 'site_space.customization_updated',
        target: { type: 'site-space', id: siteSpace.id, label: siteSpace.path },
      },
    };
  });
}

/** A stored customization read back (`null`: none). */
export function parseCustomization(stored: string | null): SiteCustomization {
  if (stored === null) return {};
  // Stored only after the contract's validation of the same schema.
  const value: SiteCustomization = JSON.parse(stored);
  return value;
}

/** The site space with this id among these, or a 404. */
export function requireSiteSpace(
  siteSpaces: readonly SiteSpaceRecord[],
  siteSpaceId: string,
): SiteSpaceRecord {
  const siteSpace = siteSpaces.find((item) => item.id === siteSpaceId);
  if (siteSpace === undefined) throw notFound(`Site space ${siteSpaceId} not found`);
  return siteSpace;
}
