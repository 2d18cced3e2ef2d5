import type { MemberRole } from '../model/roles.js';

/**
 * Whether a caller sees the keys of a site's share links after they are made: the creator sees
 * a new link's key once, in the answer that creates it; afterwards only admins see them.
 */
export function seesShareLinkKeys(siteRole: MemberRole | null): boolean {
  return siteRole === 'admin';
}
