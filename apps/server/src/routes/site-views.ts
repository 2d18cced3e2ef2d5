import type { Actor } from '../domain/actor.js';
import { requireShareKeyOfSite } from '../domain/sites/share-links.js';
import { loadSiteForMember, type SiteAccess } from '../domain/sites/site-access.js';
import { readSiteStructure, spacesOf } from '../domain/sites/site-structure.js';
import type { MemberRole } from '../model/roles.js';
import { requireOrganizationRole } from '../policies/organization-policy.js';
import type { StructureView } from '../presenters/site-structure.js';
import type { AppServices } from '../services/app-services.js';
import type { Executor } from '../store/schema.js';
import { findSiteById, type SiteRecord } from '../store/sites.js';

/**
 * Reads a site's structure and spaces for presenting; with a `shareKey` (which must open a
 * working link of this site, else 404) published URLs go through that link.
 */
export async function structureView(
  db: Executor,
  services: AppServices,
  site: SiteRecord,
  role: MemberRole,
  shareKey?: string,
): Promise<StructureView> {
  if (shareKey !== undefined) {
    await requireShareKeyOfSite(db, services.shareKeys, site, shareKey, services.clock.now());
  }
  // After a write, the site's defaults may have changed: present them as they now are.
  const structure = await readSiteStructure(db, (await findSiteById(db, site.id)) ?? site);
  return {
    structure,
    spaces: await spacesOf(db, structure.siteSpaces),
    role,
    urls: services.urls,
    shareKey,
  };
}

/**
 * Loads a site for a caller whose role in its organization must be at least `minimum` (a site
 * they cannot see is a 404, one they may only read a 403).
 */
export async function loadSiteWithRole(
  services: AppServices,
  actor: Actor,
  params: { organizationId: string; siteId: string },
  minimum: MemberRole,
  action: string,
): Promise<SiteAccess> {
  const access = await loadSiteForMember(services.db, actor, params.organizationId, params.siteId);
  requireOrganizationRole(access.role, minimum, action);
  return access;
}

/** Loads a site the caller may change: a member with `create` or higher. */
export function loadSiteToChange(
  services: AppServices,
  actor: Actor,
  params: { organizationId: string; siteId: string },
): Promise<SiteAccess> {
  return loadSiteWithRole(services, actor, params, 'create', 'change sites');
}
