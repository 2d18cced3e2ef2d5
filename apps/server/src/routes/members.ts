import {
  changeMemberRole,
  endMemberSessions,
  removeMember,
  setMemberSso,
} from '../domain/members/change-member.js';
import { loadMemberForCaller } from '../domain/members/member-access.js';
import { listSpacesOfMember } from '../domain/members/member-spaces.js';
import { pingOrganization } from '../domain/members/ping.js';
import { loadOrganizationForMember } from '../domain/organizations/organization-access.js';
import { teamsManagedBy } from '../domain/teams/team-access.js';
import type { HandlerTable } from '../http/handler.js';
import { requireMemberRemoval, requireOrganizationRole } from '../policies/organization-policy.js';
import { presentList } from '../presenters/list.js';
import { presentSpace } from '../presenters/space.js';
import { presentTeam } from '../presenters/team.js';
import { listMembers } from '../store/members.js';
import { listTeamsOfMember } from '../store/teams.js';
import { memberPresenter, presentOneMember } from './member-responses.js';
import { pageRequest } from './page-request.js';

type MemberHandlers = Pick<
  HandlerTable,
  | 'listMembersInOrganizationById'
  | 'getMemberInOrganizationById'
  | 'updateMemberInOrganizationById'
  | 'removeMemberFromOrganizationById'
  | 'setUserAsSSOMemberForOrganization'
  | 'revokeOrganizationMemberSessions'
  | 'listSpacesForOrganizationMember'
  | 'listTeamsForOrganizationMember'
  | 'updateOrganizationMemberLastSeenAt'
>;

/** Handlers of the `members` tag that concern members themselves. */
export const memberHandlers: MemberHandlers = {
  listMembersInOrganizationById: async ({ params, query, actor, services }) => {
    const { organization } = await loadOrganizationForMember(
      services.db,
      actor,
      params.organizationId,
    );
    const page = await listMembers(services.db, organization.id, {
      ...pageRequest(query),
      role: query.role,
      search: query.search,
      sort: query.sort ?? 'joinedAt',
      order: query.order ?? 'desc',
    });
    const present = await memberPresenter(services, organization.id, page.items);
    return { status: 200, body: presentList(page, present) };
  },

  getMemberInOrganizationById: async ({ params, actor, services }) => {
    const member = await loadMemberForCaller(
      services.db,
      actor,
      params.organizationId,
      params.userId,
    );
    return { status: 200, body: await presentOneMember(services, member) };
  },

  updateMemberInOrganizationById: async ({ params, body, actor, services }) => {
    const { role } = await loadOrganizationForMember(services.db, actor, params.organizationId);
    requireOrganizationRole(role, 'admin', 'change the roles of members');
    const member =
      body.role === undefined
        ? await loadMemberForCaller(services.db, actor, params.organizationId, params.userId)
        : await changeMemberRole(
            services,
            actor,
            params.organizationId,
            params.userId,
            body.role,
            services.clock.now(),
          );
    return { status: 200, body: await presentOneMember(services, member) };
  },

  removeMemberFromOrganizationById: async ({ params, actor, services }) => {
    const leaving = params.userId === actor.user.id;
    const role = leaving
      ? null
      : (await loadOrganizationForMember(services.db, actor, params.organizationId)).role;
    requireMemberRemoval({ leaving, role });
    await removeMember(services, actor, params.organizationId, params.userId, services.clock.now());
    return { status: 204 };
  },

  revokeOrganizationMemberSessions: async ({ params, actor, services }) => {
    const { role } = await loadOrganizationForMember(services.db, actor, params.organizationId);
    requireOrganizationRole(role, 'admin', "end members' sessions");
    await endMemberSessions(
      services.db,
      actor,
      params.organizationId,
      params.userId,
      services.clock.now(),
    );
    return { status: 204 };
  },

  setUserAsSSOMemberForOrganization: async ({ params, actor, services }) => {
    const { role } = await loadOrganizationForMember(services.db, actor, params.organizationId);
    requireOrganizationRole(role, 'admin', 'set members as SSO members');
    const member = await setMemberSso(
      services.db,
      actor,
      params.organizationId,
      params.userId,
      services.clock.now(),
    );
    return { status: 200, body: await presentOneMember(services, member) };
  },

  listSpacesForOrganizationMember: async ({ params, query, actor, services }) => {
    const member = await loadMemberForCaller(
      services.db,
      actor,
      params.organizationId,
      params.userId,
    );
    const page = await listSpacesOfMember(services.db, member, {
      ...pageRequest(query),
      order: query.order ?? 'asc',
    });
    return {
      status: 200,
      body: presentList(page, ({ space, role }) => ({
        permission: role,
        space: presentSpace(space, role, services.urls),
      })),
    };
  },

  listTeamsForOrganizationMember: async ({ params, query, actor, services }) => {
    const member = await loadMemberForCaller(
      services.db,
      actor,
      params.organizationId,
      params.userId,
    );
    const page = await listTeamsOfMember(services.db, member.organizationId, member.userId, {
      ...pageRequest(query),
      title: query.title,
    });
    const manages = await teamsManagedBy(services.db, actor, member.organizationId);
    return {
      status: 200,
      body: presentList(page, ({ team, role }) => ({
        team: presentTeam(team, manages(team.id), services.urls),
        member: { role },
      })),
    };
  },

  updateOrganizationMemberLastSeenAt: async ({ params, actor, services }) => {
    const body = await pingOrganization(services.db, actor, params.organizationId, {
      issuer: services.urls.api().replace(/\/v1\/?$/, ''),
      now: services.clock.now(),
    });
    return { status: 200, body };
  },
};
