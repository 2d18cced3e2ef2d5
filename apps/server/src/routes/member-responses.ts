import type { components } from '@quire/contract';
import { countsOfMembers } from '../domain/members/member-counts.js';
import { presentMember } from '../presenters/member.js';
import type { AppServices } from '../services/app-services.js';
import type { MemberRecord } from '../store/members.js';

type Member = components['schemas']['Member'];

/**
 * How to present these members of one organization, with their live counts read for all of them
 * at once.
 * @example const present = await memberPresenter(services, organizationId, page.items);
 */
export async function memberPresenter(
  services: AppServices,
  organizationId: string,
  members: readonly MemberRecord[],
): Promise<(member: MemberRecord) => Member> {
  const counts = await countsOfMembers(services.db, organizationId, members);
  return (member) => {
    const memberCounts = counts.get(member.userId);
    if (memberCounts === undefined) throw new Error(`Member ${member.userId} was not counted`);
    return presentMember(member, memberCounts, services.urls);
  };
}

/** One member as the API shows it, with its counts. */
export async function presentOneMember(
  services: AppServices,
  member: MemberRecord,
): Promise<Member> {
  return (await memberPresenter(services, member.organizationId, [member]))(member);
}
