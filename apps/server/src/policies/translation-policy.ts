import { type MemberRole, roleAtLeast } from '../model/roles.js';

/**
 * What a member with this role may do with the organization's translations: any member reads
 * them, `create` or higher changes, runs and deletes them.
 * @example translationPermissions('read'); // { view: true, edit: false }
 */
export function translationPermissions(role: MemberRole | null): { view: boolean; edit: boolean } {
  return { view: role !== null, edit: roleAtLeast(role, 'create') };
}
