import type { components } from '@quire/contract';
import { type MemberRole, roleAtLeast } from '../model/roles.js';

/**
 * What a caller with this role in a spec's organization may do with it (`null`: nothing):
 * members read it and its versions, `create` or higher change and delete it.
 * @example openApiSpecPermissions('read'); // { view: true, edit: false }
 */
export function openApiSpecPermissions(
  role: MemberRole | null,
): components['schemas']['OpenAPISpec']['permissions'] {
  return { view: role !== null, edit: roleAtLeast(role, 'create') };
}
