import type { components } from '@quire/contract';
import { forbidden } from '../errors.js';
import { higherRole, type MemberRole, roleAtLeast } from '../model/roles.js';
import type { SpaceRecord } from '../store/spaces.js';

type SpacePermissions = components['schemas']['SpacePermissions'];

/**
 * The caller's role on a space: org admins are admins everywhere in their organization; other
 * members get the higher of their org role and the space's `defaultLevel`; non-members get none.
 * @example effectiveSpaceRole('read', { defaultLevel: 'edit' }); // 'edit'
 */
export function effectiveSpaceRole(
  organizationRole: MemberRole | null,
  space: Pick<SpaceRecord, 'defaultLevel'>,
): MemberRole | null {
  if (organizationRole === null) return null;
  if (organizationRole === 'admin') return 'admin';
  return higherRole(organizationRole, space.defaultLevel);
}

/** Whether a caller may read a space: members always, anyone when it is public or unlisted. */
export function canReadSpace(
  role: MemberRole | null,
  space: Pick<SpaceRecord, 'visibility'>,
): boolean {
  return role !== null || space.visibility === 'public' || space.visibility === 'unlisted';
}

/** What a caller with this role may do in a space. */
export function spacePermissions(
  role: MemberRole | null,
  space: Pick<SpaceRecord, 'visibility' | 'editMode'>,
): SpacePermissions {
  const locked = space.editMode === 'locked';
  const admin = role === 'admin';
  return {
    view: canReadSpace(role, space),
    access: admin,
    admin,
    viewInviteLinks: admin,
    edit: roleAtLeast(role, 'edit') && !locked,
    triggerGitSync: roleAtLeast(role, 'edit'),
    comment: roleAtLeast(role, 'comment'),
    merge: roleAtLeast(role, 'review') && !locked,
    review: roleAtLeast(role, 'review'),
  };
}

/** Throws 403 unless the role on the space is at least `minimum`. */
export function requireSpaceRole(
  role: MemberRole | null,
  minimum: MemberRole,
  action: string,
): void {
  if (!roleAtLeast(role, minimum)) {
    throw forbidden(`Only members with the ${minimum} role or higher on this space may ${action}`);
  }
}

/** The role a space update needs: settings need admin, title and emoji need edit. */
export function roleNeededToUpdateSpace(changes: {
  editMode?: unknown;
  defaultLevel?: unknown;
}): MemberRole {
  return changes.editMode !== undefined || changes.defaultLevel !== undefined ? 'admin' : 'edit';
}
