import type { Actor } from '../domain/actor.js';
import {
  changeInviteLink,
  createInviteLink,
  joinWithInviteLink,
  removeInviteLink,
} from '../domain/organizations/invite-links.js';
import { loadOrganizationForMember } from '../domain/organizations/organization-access.js';
import { notFound } from '../errors.js';
import type { HandlerTable } from '../http/handler.js';
import { requireOrganizationRole } from '../policies/organization-policy.js';
import { presentInviteLink } from '../presenters/invite-link.js';
import { presentList } from '../presenters/list.js';
import { findInviteLink, listInviteLinks } from '../store/invite-links.js';
import { findOrganizationById } from '../store/organizations.js';
import type { Executor } from '../store/schema.js';
import { presentOneMember } from './member-responses.js';
import { pageRequest } from './page-request.js';

type InviteLinkHandlers = Pick<
  HandlerTable,
  | 'listOrganizationInviteLinks'
  | 'createOrganizationInvite'
  | 'getOrganizationInviteLink'
  | 'updateOrganizationInviteById'
  | 'deleteOrganizationInviteById'
  | 'joinOrganizationWithInvite'
>;

/** Loads an organization for one of its admins: invite links are theirs to manage. */
async function loadOrganizationForInvites(db: Executor, actor: Actor, organizationId: string) {
  const { organization, role } = await loadOrganizationForMember(db, actor, organizationId);
  requireOrganizationRole(role, 'admin', 'manage invite links');
  return organization;
}

/** Handlers of the `members` tag that concern invite links. */
export const inviteLinkHandlers: InviteLinkHandlers = {
  listOrganizationInviteLinks: async ({ params, query, actor, deps }) => {
    const organization = await loadOrganizationForInvites(deps.db, actor, params.organizationId);
    const page = await listInviteLinks(deps.db, organization.id, pageRequest(query));
    return { status: 200, body: presentList(page, (link) => presentInviteLink(link, deps.urls)) };
  },

  createOrganizationInvite: async ({ params, body, actor, deps }) => {
    const organization = await loadOrganizationForInvites(deps.db, actor, params.organizationId);
    const link = await createInviteLink(deps.db, actor, organization, body, deps.clock.now());
    return {
      status: 201,
      body: presentInviteLink(link, deps.urls),
      headers: { Location: deps.urls.api('orgs', organization.id, 'link-invites', link.id) },
    };
  },

  getOrganizationInviteLink: async ({ params, actor, deps }) => {
    const organization = await loadOrganizationForInvites(deps.db, actor, params.organizationId);
    const link = await findInviteLink(deps.db, organization.id, params.inviteId);
    if (link === undefined) throw notFound(`Invite link ${params.inviteId} not found`);
    return { status: 200, body: presentInviteLink(link, deps.urls) };
  },

  updateOrganizationInviteById: async ({ params, body, actor, deps }) => {
    const organization = await loadOrganizationForInvites(deps.db, actor, params.organizationId);
    const link = await findInviteLink(deps.db, organization.id, params.inviteId);
    if (link === undefined) throw notFound(`Invite link ${params.inviteId} not found`);
    const updated = await changeInviteLink(deps.db, actor, link, body, deps.clock.now());
    return { status: 200, body: presentInviteLink(updated, deps.urls) };
  },

  deleteOrganizationInviteById: async ({ params, actor, deps }) => {
    const organization = await loadOrganizationForInvites(deps.db, actor, params.organizationId);
    // A link that is not there is already deleted.
    const link = await findInviteLink(deps.db, organization.id, params.inviteId);
    if (link !== undefined) await removeInviteLink(deps.db, actor, link, deps.clock.now());
    return { status: 204 };
  },

  joinOrganizationWithInvite: async ({ params, actor, deps }) => {
    const organization = await findOrganizationById(deps.db, params.organizationId);
    const member = await joinWithInviteLink(
      deps.db,
      actor,
      organization,
      params.inviteId,
      deps.clock.now(),
    );
    return { status: 200, body: await presentOneMember(deps, member) };
  },
};
