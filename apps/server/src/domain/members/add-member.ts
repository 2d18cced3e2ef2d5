import type { MemberRole } from '../../model/roles.js';
import { findMember, insertMembership, markMemberSso } from '../../store/members.js';
import type { Executor } from '../../store/schema.js';
import { addTeamMemberIfAbsent, findTeam } from '../../store/teams.js';
import type { UserRecord } from '../../store/users.js';
import type { Actor } from '../actor.js';
import { recordEvent, type systemActor } from '../events/record-event.js';
import { teamEvent } from '../teams/team-events.js';
import { memberEvent } from './member-events.js';

/** Who joins which organization, how. */
export interface NewMembership {
  organizationId: string;
  user: UserRecord;
  /** The role a new member gets (`null`: guest); a member already keeps theirs. */
  role: MemberRole | null;
  /** A team of the organization to put them in too (as `member`); an unknown team is skipped. */
  teamId?: string | null | undefined;
  /** Marks the membership as signing in through SSO. */
  sso?: boolean;
  /** What made them join, for the event (`invite`, `saml`). */
  via: string;
}

/**
 * Makes a user a member of an organization, in `trx`: a no-op for their role when they already
 * are one, then optionally marks them `sso` and puts them in a team. Answers whether they joined
 * just now. Invite links and SAML sign-ins both join through here.
 * @example await addMemberToOrganization(trx, actor, { organizationId, user, role: 'read', via: 'saml', sso: true }, now);
 */
export async function addMemberToOrganization(
  trx: Executor,
  actor: Actor | typeof systemActor,
  membership: NewMembership,
  now: Date,
): Promise<{ joined: boolean }> {
  const { organizationId, user } = membership;
  const existing = await findMember(trx, organizationId, user.id);
  if (existing === undefined) {
    await insertMembership(trx, {
      organizationId,
      userId: user.id,
      role: membership.role,
      joinedAt: now.toISOString(),
      sso: membership.sso === true,
    });
    await recordEvent(
      trx,
      actor,
      memberEvent('member.joined', organizationId, user, {
        role: membership.role,
        via: membership.via,
      }),
      now,
    );
  } else if (membership.sso === true && !existing.sso) {
    await markMemberSso(trx, organizationId, user.id);
    await recordEvent(trx, actor, memberEvent('member.sso_set', organizationId, user), now);
  }
  const team =
    membership.teamId === undefined || membership.teamId === null
      ? undefined
      : await findTeam(trx, organizationId, membership.teamId);
  if (team !== undefined) {
    await addTeamMemberIfAbsent(trx, team, user.id, now.toISOString());
    await recordEvent(
      trx,
      actor,
      teamEvent('team.members_updated', team, { added: [user.id] }),
      now,
    );
  }
  return { joined: existing === undefined };
}
