import type { components } from '@quire/contract';
import type { MemberCounts } from '../domain/members/member-counts.js';
import type { MemberRecord } from '../store/members.js';
import type { Urls } from './urls.js';
import { presentUser } from './user.js';

type Member = components['schemas']['Member'];

/** A membership as the API shows it, with its live counts. */
export function presentMember(member: MemberRecord, counts: MemberCounts, urls: Urls): Member {
  return {
    object: 'member',
    id: member.userId,
    role: member.role,
    user: presentUser(member.user, urls),
    disabled: false,
    joinedAt: member.joinedAt,
    ...(member.lastSeenAt === null ? {} : { lastSeenAt: member.lastSeenAt }),
    sso: member.sso,
    spaces: counts.spaces,
    teams: counts.teams,
    sites: counts.sites,
    urls: { location: urls.api('orgs', member.organizationId, 'members', member.userId) },
  };
}
