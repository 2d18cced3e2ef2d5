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
    access: member,
    listInstallations: member,
    installIntegration: admin,
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

/**
 * Throws 403 unless the caller may remove this member: anyone may leave an organization, removing
 * somebody else takes an admin (`role` is the caller's).
 */
export function requireMemberRemoval({
  leaving,
  role,
}: {
  leaving: boolean;
  role: MemberRole | null;
}): void {
  if (!leaving) requireOrganizationRole(role, 'admin', 'remove members');
}

/**
 * Throws 403 unless the caller's email address is at `domain`: only they may list the
 * organizations that people of that domain may join.
 */
export function requireEmailAtDomain(callerDomain: string, domain: string): void {
  if (callerDomain !== domain) {
    throw forbidden(`Only users with an email address at ${domain} may list its organizations`);
  }
}
