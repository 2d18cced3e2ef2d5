import type { components } from '@quire/contract';
import { type MemberRole, roleAtLeast } from '../model/roles.js';

/**
 * What a caller with this role in a site's organization may do with the site (`null`: nothing):
 * members see it, editors edit the content it publishes, creators manage its structure and
 * adaptive schema, admins publish it.
 * @example sitePermissions('create').editAdaptiveSchema; // true
 */
export function sitePermissions(role: MemberRole | null): components['schemas']['SitePermissions'] {
  const member = role !== null;
  return {
    view: member,
    access: member,
    edit: roleAtLeast(role, 'edit'),
    create: roleAtLeast(role, 'create'),
    admin: role === 'admin',
    installIntegration: role === 'admin',
    viewAdaptiveSchema: member,
    editAdaptiveSchema: roleAtLeast(role, 'create'),
  };
}
