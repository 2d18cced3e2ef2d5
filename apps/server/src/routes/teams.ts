import { loadOrganizationForMember } from '../domain/organizations/organization-access.js';
import { loadTeamForCaller, teamsManagedBy } from '../domain/teams/team-access.js';
import {
  changeTeamMembers,
  changeTeamTitle,
  createTeam,
  removeTeam,
} from '../domain/teams/team-writes.js';
import type { HandlerTable } from '../http/handler.js';
import { requireOrganizationRole } from '../policies/organization-policy.js';
import { managesTeam, requireTeamManager } from '../policies/team-policy.js';
import { presentList } from '../presenters/list.js';
import { presentTeam } from '../presenters/team.js';
import { findMember, type MemberRecord } from '../store/members.js';
import { findTeam, findTeamRole, listTeamMembers, listTeams } from '../store/teams.js';
import { memberPresenter } from './member-responses.js';
import { pageRequest } from './page-request.js';

type TeamHandlers = Pick<
  HandlerTable,
  | 'listTeamsInOrganizationById'
  | 'createOrganizationTeam'
  | 'getTeamInOrganizationById'
  | 'updateTeamInOrganizationById'
  | 'removeTeamFromOrganizationById'
  | 'listTeamMembersInOrganizationById'
  | 'updateMembersInOrganizationTeam'
  | 'addMemberToOrganizationTeamById'
  | 'deleteMemberFromOrganizationTeamById'
>;

/** Handlers of the `teams` tag. */
export const teamHandlers: TeamHandlers = {
  listTeamsInOrganizationById: async ({ params, query, actor, services }) => {
    const { organization, role } = await loadOrganizationForMember(
      services.db,
      actor,
      params.organizationId,
    );
    const page = await listTeams(services.db, organization.id, {
      ...pageRequest(query),
      title: query.title,
      ownedBy: query.owner,
    });
    const manages = await teamsManagedBy(services.db, actor, organization.id, role);
    return {
      status: 200,
      body: presentList(page, (team) => presentTeam(team, manages(team.id), services.urls)),
    };
  },

  createOrganizationTeam: async ({ params, body, actor, services }) => {
    const { organization, role } = await loadOrganizationForMember(
      services.db,
      actor,
      params.organizationId,
    );
    requireOrganizationRole(role, 'admin', 'create teams');
    const team = await createTeam(services.db, actor, organization.id, body, services.clock.now());
    return {
      status: 201,
      body: presentTeam(team, true, services.urls),
      headers: { Location: services.urls.api('orgs', organization.id, 'teams', team.id) },
    };
  },

  getTeamInOrganizationById: async ({ params, actor, services }) => {
    const access = await loadTeamForCaller(
      services.db,
      actor,
      params.organizationId,
      params.teamId,
    );
    return { status: 200, body: presentTeam(access.team, managesTeam(access), services.urls) };
  },

  updateTeamInOrganizationById: async ({ params, body, actor, services }) => {
    const access = await loadTeamForCaller(
      services.db,
      actor,
      params.organizationId,
      params.teamId,
    );
    requireOrganizationRole(access.organizationRole, 'admin', 'rename teams');
    const team = await changeTeamTitle(
      services.db,
      actor,
      access.team,
      body.title,
      services.clock.now(),
    );
    return { status: 200, body: presentTeam(team, true, services.urls) };
  },

  removeTeamFromOrganizationById: async ({ params, actor, services }) => {
    const { role } = await loadOrganizationForMember(services.db, actor, params.organizationId);
    requireOrganizationRole(role, 'admin', 'delete teams');
    // A team that is not there is already deleted.
    const team = await findTeam(services.db, params.organizationId, params.teamId);
    if (team !== undefined) await removeTeam(services.db, actor, team, services.clock.now());
    return { status: 204 };
  },

  listTeamMembersInOrganizationById: async ({ params, query, actor, services }) => {
    const access = await loadTeamForCaller(
      services.db,
      actor,
      params.organizationId,
      params.teamId,
    );
    const page = await listTeamMembers(services.db, access.team.id, pageRequest(query));
    const members = new Map<string, MemberRecord>();
    for (const { userId } of page.items) {
      const member = await findMember(services.db, access.team.organizationId, userId);
      if (member !== undefined) members.set(userId, member);
    }
    const present = await memberPresenter(services, access.team.organizationId, [
      ...members.values(),
    ]);
    const items = page.items.flatMap(({ userId, role }) => {
      const member = members.get(userId);
      if (member === undefined) return [];
      return [
        {
          organization: present(member),
          team: { role },
          permissions: { view: true },
        },
      ];
    });
    return {
      status: 200,
      body: presentList({ ...page, items }, (item) => item),
    };
  },

  updateMembersInOrganizationTeam: async ({ params, body, actor, services }) => {
    const access = await loadTeamForCaller(
      services.db,
      actor,
      params.organizationId,
      params.teamId,
    );
    requireTeamManager(access);
    await changeTeamMembers(services.db, actor, access.team, body, services.clock.now());
    return { status: 204 };
  },

  addMemberToOrganizationTeamById: async ({ params, body, actor, services }) => {
    const access = await loadTeamForCaller(
      services.db,
      actor,
      params.organizationId,
      params.teamId,
    );
    requireTeamManager(access);
    const memberships = { [params.userId]: { role: body?.role ?? 'member' } };
    await changeTeamMembers(services.db, actor, access.team, { memberships }, services.clock.now());
    return { status: 204 };
  },

  deleteMemberFromOrganizationTeamById: async ({ params, actor, services }) => {
    const access = await loadTeamForCaller(
      services.db,
      actor,
      params.organizationId,
      params.teamId,
    );
    requireTeamManager(access);
    // Someone not in the team is already out of it.
    if ((await findTeamRole(services.db, access.team.id, params.userId)) !== undefined) {
      const remove = [params.userId];
      await changeTeamMembers(services.db, actor, access.team, { remove }, services.clock.now());
    }
    return { status: 204 };
  },
};
