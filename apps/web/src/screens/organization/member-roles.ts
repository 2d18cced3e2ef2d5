import type { components } from '@quire/contract';

type MemberRole = components['schemas']['MemberRole'];

/** An organization's roles, least first. */
export const memberRoles: readonly MemberRole[] = [
  'read',
  'comment',
  'edit',
  'review',
  'create',
  'admin',
];
