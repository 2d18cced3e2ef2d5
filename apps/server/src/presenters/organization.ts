import type { Organization } from '@quire/contract';
import type { MemberRole } from '../model/roles.js';
import { organizationPermissions } from '../policies/organization-policy.js';
import type { OrganizationRecord } from '../store/organizations.js';
import type { Urls } from './urls.js';

/** A stored organization as the API shows it to a caller with `role` in it. */
export function presentOrganization(
  organization: OrganizationRecord,
  role: MemberRole | null,
  urls: Urls,
): Organization {
  return {
    object: 'organization',
    id: organization.id,
    title: organization.title,
    createdAt: organization.createdAt,
    emailDomains: organization.emailDomains,
    ...(organization.hostname === null ? {} : { hostname: organization.hostname }),
    type: organization.type,
    ...(organization.useCase === null ? {} : { useCase: organization.useCase }),
    ...(organization.communityType === null ? {} : { communityType: organization.communityType }),
    defaultRole: organization.defaultRole,
    ...(organization.defaultContentSite === null
      ? {}
      : { defaultContent: { type: 'site', site: organization.defaultContentSite } }),
    sso: organization.sso,
    ai: organization.ai,
    inviteLinks: organization.inviteLinks,
    plan: organization.plan,
    urls: {
      location: urls.api('orgs', organization.id),
      app: urls.app('orgs', organization.id),
      ...(organization.logoUrl === null ? {} : { logo: organization.logoUrl }),
    },
    // A self-hosted server has no trials, so it is on none.
    trial: { status: 'notapplicable', count: 0 },
    internal_isOnNewTrial: false,
    permissions: organizationPermissions(role),
    mergeRules: organization.mergeRules,
  };
}
