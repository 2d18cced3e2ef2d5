import { changeMemberRole, removeMember, setMemberSso } from '../domain/members/change-member.js';
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
  | 'listSpacesForOrganizationMember'
  | 'listTeamsForOrganizationMember'
  | 'updateOrganizationMemberLastSeenAt'
>;

/** Handlers of the `members` tag that concern members themselves. */
export const memberHandlers: MemberHandlers = {
  listMembersInOrganizationById: async ({ params, query, actor, deps }) => {
    const { organization } = await loadOrganizationForMember(deps.db, actor, params.organizationId);
    const page = await listMembers(deps.db, organization.id, {
      ...pageRequest(query),
      role: query.role,
      search: query.search,
      sort: query.sort ?? 'joinedAt',
      order: query.order ?? 'desc',
    });
    const present = await memberPresenter(deps, organization.id, page.items);
    return { status: 200, body: presentList(page, present) };
  },

  getMemberInOrganizationById: async ({ params, actor, deps }) => {
    const member = await loadMemberForCaller(deps.db, actor, params.organizationId, params.userId);
    return { status: 200, body: await presentOneMember(deps, member) };
  },

  updateMemberInOrganizationById: async ({ params, body, actor, deps }) => {
    const { role } = await loadOrganizationForMember(deps.db, actor, params.organizationId);
    requireOrganizationRole(role, 'admin', 'change the roles of members');
    const context = { db: deps.db, dialect: deps.dialect, now: deps.clock.now() };
    const member =
      body.role === undefined
        ? await loadMemberForCaller(deps.db, actor, params.organizationId, params.userId)
        : await changeMemberRole(context, actor, params.organizationId, params.userId, body.role);
    return { status: 200, body: await presentOneMember(deps, member) };
  },

  removeMemberFromOrganizationById: async ({ params, actor, deps }) => {
    const leaving = params.userId === actor.user.id;
    const role = leaving
      ? null
      : (await loadOrganizationForMember(deps.db, actor, params.organizationId)).role;
    requireMemberRemoval({ leaving, role });
    const context = { db: deps.db, dialect: deps.dialect, now: deps.clock.now() };
    await removeMember(context, actor, params.organizationId, params.userId);
    return { status: 204 };
  },

  setUserAsSSOMemberForOrganization: async ({ params, actor, deps }) => {
    const { role } = await loadOrganizationForMember(deps.db, actor, params.organizationId);
    requireOrganizationRole(role, 'admin', 'set members as SSO members');
    const member = await setMemberSso(
      deps.db,
      actor,
      params.organizationId,
      params.userId,
      deps.clock.now(),
    );
    return { status: 200, body: await presentOneMember(deps, member) };
  },

  listSpacesForOrganizationMember: async ({ params, query, actor, deps }) => {
    const member = await loadMemberForCaller(deps.db, actor, params.organizationId, params.userId);
    const page = await listSpacesOfMember(deps.db, member, {
      ...pageRequest(query),
      order: query.order ?? 'asc',
    });
    return {
      status: 200,
      body: presentList(page, ({ space, role }) => ({
        permission: role,
        space: presentSpace(space, role, deps.urls),
      })),
    };
  },

  listTeamsForOrganizationMember: async ({ params, query, actor, deps }) => {
    const member = await loadMemberForCaller(deps.db, actor, params.organizationId, params.userId);
    const page = await listTeamsOfMember(deps.db, member.organizationId, member.userId, {
      ...pageRequest(query),
      title: query.title,
    });
    const manages = await teamsManagedBy(deps.db, actor, member.organizationId);
    return {
      status: 200,
      body: presentList(page, ({ team, role }) => ({
        team: presentTeam(team, manages(team.id), deps.urls),
        member: { role },
      })),
    };
  },

  updateOrganizationMemberLastSeenAt: async ({ params, actor, deps }) => {
    const body = await pingOrganization(deps.db, actor, params.organizationId, {
      issuer: deps.urls.api().replace(/\/v1\/?$/, ''),
      now: deps.clock.now(),
    });
    return { status: 200, body };
  },
};
