import type { components } from '@quire/contract';
import type { AppDeps } from '../deps.js';
import { countsOfMembers } from '../domain/members/member-counts.js';
import { presentMember } from '../presenters/member.js';
import type { MemberRecord } from '../store/members.js';

type Member = components['schemas']['Member'];

/**
 * How to present these members of one organization, with their live counts read for all of them
 * at once.
 * @example const present = await memberPresenter(deps, organizationId, page.items);
 */
export async function memberPresenter(
  deps: AppDeps,
  organizationId: string,
  members: readonly MemberRecord[],
): Promise<(member: MemberRecord) => Member> {
  const counts = await countsOfMembers(deps.db, organizationId, members);
  return (member) => {
    const memberCounts = counts.get(member.userId);
    if (memberCounts === undefined) throw new Error(`Member ${member.userId} was not counted`);
    return presentMember(member, memberCounts, deps.urls);
  };
}

/** One member as the API shows it, with its counts. */
export async function presentOneMember(deps: AppDeps, member: MemberRecord): Promise<Member> {
  return (await memberPresenter(deps, member.organizationId, [member]))(member);
}
