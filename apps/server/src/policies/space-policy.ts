import type { components } from '@quire/contract';
import { forbidden } from '../errors.js';
import { higherRole, type MemberRole, roleAtLeast } from '../model/roles.js';
import type { SpaceRecord } from '../store/spaces.js';

type SpacePermissions = components['schemas']['SpacePermissions'];

/**
 * The caller's role on a space: org admins are admins everywhere in their organization; others
 * get the highest of their org role, the roles granted to them or their teams on the space, and
 * the space's `defaultLevel`. `defaultLevel` raises only those who reach the space at all: a
 * guest (no org role) without a grant, like a non-member, gets none.
 * @example effectiveSpaceRole('read', { defaultLevel: 'edit' }); // 'edit'
 */
export function effectiveSpaceRole(
  organizationRole: MemberRole | null,
  space: Pick<SpaceRecord, 'defaultLevel'>,
  granted: MemberRole | null = null,
): MemberRole | null {
  if (organizationRole === 'admin') return 'admin';
  const reached = higherRole(organizationRole, granted);
  if (reached === null) return null;
  return higherRole(reached, space.defaultLevel);
}

/** Whether a caller may read a space: whoever has a role on it, anyone when it is public or unlisted. */
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
    // Exports and connections need admin; below it, an import is proposed as a change request.
    triggerGitSync: roleAtLeast(role, 'edit'),
    comment: roleAtLeast(role, 'comment'),
    merge: roleAtLeast(role, 'review') && !locked,
    review: roleAtLeast(role, 'review'),
    installIntegration: admin,
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
  mergeRules?: unknown;
}): MemberRole {
  const settings = [changes.editMode, changes.defaultLevel, changes.mergeRules];
  return settings.some((setting) => setting !== undefined) ? 'admin' : 'edit';
}

/**
 * Whether an import from Git by someone with `role` on the space goes through a change request
 * (for review) rather than into the space's content: it does for everyone below `admin`.
 */
export function importsThroughChangeRequest(role: MemberRole | null): boolean {
  return !roleAtLeast(role, 'admin');
}
