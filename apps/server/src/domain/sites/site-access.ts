import { notFound } from '../../errors.js';
import type { MemberRole } from '../../model/roles.js';
import type { Executor } from '../../store/schema.js';
import { findSiteInOrganization, type SiteRecord } from '../../store/sites.js';
import type { Actor } from '../actor.js';
import { loadOrganizationForMember } from '../organizations/organization-access.js';

/** A site and the caller's role in its organization. */
export interface SiteAccess {
  site: SiteRecord;
  role: MemberRole;
}

/**
 * Loads a site of an organization the caller is a member of; a site of another organization is
 * the same 404 as one that does not exist.
 */
export async function loadSiteForMember(
  db: Executor,
  actor: Actor,
  organizationId: string,
  siteId: string,
): Promise<SiteAccess> {
  const { role } = await loadOrganizationForMember(db, actor, organizationId);
  const site = await findSiteInOrganization(db, organizationId, siteId);
  if (site === undefined) throw notFound(`Site ${siteId} not found`);
  return { site, role };
}
