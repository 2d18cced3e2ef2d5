import { forbidden, notFound } from '../../errors.js';
import type { MemberRole } from '../../model/roles.js';
import { findIntegration, type IntegrationRecord } from '../../store/integrations.js';
import { memberRolesOfUser } from '../../store/members.js';
import {
  findOrganizationByHostname,
  findOrganizationById,
  type OrganizationRecord,
} from '../../store/organizations.js';
import type { Executor } from '../../store/schema.js';
import type { Actor } from '../actor.js';

/** The caller's role in each organization they are a member of. */
export type CallerRoles = ReadonlyMap<string, MemberRole>;

/** An integration with the organization that published it. */
export interface OwnedIntegration {
  integration: IntegrationRecord;
  owner: OrganizationRecord;
}

/** The caller's roles, read once per request. */
export function callerRoles(db: Executor, actor: Actor): Promise<CallerRoles> {
  return memberRolesOfUser(db, actor.user.id);
}

/**
 * Whether the caller sees the integration by name: public and unlisted ones are seen by anyone,
 * private ones by the members of their organization.
 */
export function seesIntegration(integration: IntegrationRecord, roles: CallerRoles): boolean {
  return integration.visibility !== 'private' || roles.has(integration.organizationId);
}

/** Whether the caller administers the organization that published the integration. */
export function administersIntegration(
  integration: IntegrationRecord,
  roles: CallerRoles,
): boolean {
  return roles.get(integration.organizationId) === 'admin';
}

/**
 * Whether the caller may install it somewhere: an admin of an organization it may go in (a
 * private integration goes only in its own organization).
 */
export function mayInstallIntegration(integration: IntegrationRecord, roles: CallerRoles): boolean {
  if (integration.visibility === 'private') return administersIntegration(integration, roles);
  return [...roles.values()].includes('admin');
}

/** The integration of this name the caller sees, with its organization, or a 404. */
export async function loadVisibleIntegration(
  db: Executor,
  roles: CallerRoles,
  name: string,
): Promise<OwnedIntegration> {
  const integration = await findIntegration(db, name);
  const owner =
    integration !== undefined && seesIntegration(integration, roles)
      ? await findOrganizationById(db, integration.organizationId)
      : undefined;
  if (integration === undefined || owner === undefined) {
    throw notFound(`Integration ${name} not found`);
  }
  return { integration, owner };
}

/** Each integration with the organization that published it, each organization read once. */
export async function withOwners(
  db: Executor,
  integrations: readonly IntegrationRecord[],
): Promise<OwnedIntegration[]> {
  const owners = new Map<string, OrganizationRecord>();
  const owned: OwnedIntegration[] = [];
  for (const integration of integrations) {
    const owner =
      owners.get(integration.organizationId) ??
      (await findOrganizationById(db, integration.organizationId));
    if (owner === undefined) throw new Error(`Integration ${integration.name} has no organization`);
    owners.set(owner.id, owner);
    owned.push({ integration, owner });
  }
  return owned;
}

/**
 * The organization a publish names (its id, or its hostname), which the caller must administer:
 * one they are not a member of is a 404, one they are not an admin of a 403.
 */
export async function loadPublishingOrganization(
  db: Executor,
  roles: CallerRoles,
  reference: string,
): Promise<OrganizationRecord> {
  const organization =
    (await findOrganizationById(db, reference)) ??
    (await findOrganizationByHostname(db, reference));
  if (organization === undefined || !roles.has(organization.id)) {
    throw notFound(`Organization ${reference} not found`);
  }
  if (roles.get(organization.id) !== 'admin') {
    throw forbidden('Only admins of the organization may publish integrations in it');
  }
  return organization;
}
