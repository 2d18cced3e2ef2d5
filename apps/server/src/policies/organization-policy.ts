import type { components } from '@quire/contract';
import { forbidden } from '../errors.js';
import { type MemberRole, roleAtLeast } from '../model/roles.js';

type OrganizationPermissions = components['schemas']['OrganizationPermissions'];

/**
 * What a caller with this role in an organization may do there (`null`: not a member).
 * @example organizationPermissions('create').createContent; // true
 */
export function organizationPermissions(role: MemberRole | null): OrganizationPermissions {
  const member = role !== null;
  const admin = role === 'admin';
  const creator = roleAtLeast(role, 'create');
  return {
    view: member,
    admin,
    ownTeam: member,
    createContent: creator,
    createOpenAPISpec: creator,
    ingestConversations: admin,
    viewBilling: admin,
    listMembers: member,
    listTeams: member,
    listIntegrations: member,
  };
}

/** Throws 403 unless the role is at least `minimum`; `action` finishes "Only … may <action>". */
export function requireOrganizationRole(
  role: MemberRole | null,
  minimum: MemberRole,
  action: string,
): void {
  if (!roleAtLeast(role, minimum)) {
    throw forbidden(
      `Only members with the ${minimum} role or higher may ${action} in this organization`,
    );
  }
}
