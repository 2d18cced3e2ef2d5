import type { components } from '@quire/contract';
import { type MemberRole, roleAtLeast } from '../model/roles.js';

/**
 * What a caller with this role in a collection's organization may do with it (`null`: nothing).
 * @example collectionPermissions('create').create; // true
 */
export function collectionPermissions(
  role: MemberRole | null,
): components['schemas']['CollectionPermissions'] {
  return {
    view: role !== null,
    admin: role === 'admin',
    viewInviteLinks: role === 'admin',
    create: roleAtLeast(role, 'create'),
  };
}
