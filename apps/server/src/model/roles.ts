import type { MemberRole } from '@quire/contract';

export type { MemberRole };

/** Member roles, highest first. */
export const memberRoles = [
  'admin',
  'create',
  'review',
  'edit',
  'comment',
  'read',
] as const satisfies readonly MemberRole[];

/** Whether a stored or received string is a member role. */
export function isMemberRole(value: unknown): value is MemberRole {
  return memberRoles.some((role) => role === value);
}

/**
 * Whether `role` is at least `minimum`; a guest (`null`) is below every role.
 * @example roleAtLeast('review', 'edit'); // true
 */
export function roleAtLeast(role: MemberRole | null, minimum: MemberRole): boolean {
  return role !== null && memberRoles.indexOf(role) <= memberRoles.indexOf(minimum);
}

/** The higher of two roles; `null` (guest) loses to any role. */
export function higherRole(a: MemberRole | null, b: MemberRole | null): MemberRole | null {
  if (a === null) return b;
  if (b === null) return a;
  return memberRoles.indexOf(a) <= memberRoles.indexOf(b) ? a : b;
}
