import type { Actor } from '../domain/actor.js';
import {
  changeInviteLink,
  createInviteLink,
  joinWithInviteLink,
  removeInviteLink,
} from '../domain/organizations/invite-links.js';
import { loadOrganizationForMember } from '../domain/organizations/organization-access.js';
import { signUpWithInviteLink } from '../domain/users/sign-up.js';
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
import { startedSessionAnswer } from './session-responses.js';

type InviteLinkHandlers = Pick<
  HandlerTable,
  | 'listOrganizationInviteLinks'
  | 'createOrganizationInvite'
  | 'getOrganizationInviteLink'
  | 'updateOrganizationInviteById'
  | 'deleteOrganizationInviteById'
  | 'joinOrganizationWithInvite'
  | 'signUpWithInvite'
>;

/** Loads an organization for one of its admins: invite links are theirs to manage. */
async function loadOrganizationForInvites(db: Executor, actor: Actor, organizationId: string) {
  const { organization, role } = await loadOrganizationForMember(db, actor, organizationId);
  requireOrganizationRole(role, 'admin', 'manage invite links');
  return organization;
}

/** Handlers of the `members` tag that concern invite links. */
export const inviteLinkHandlers: InviteLinkHandlers = {
  listOrganizationInviteLinks: async ({ params, query, actor, services }) => {
    const organization = await loadOrganizationForInvites(
      services.db,
      actor,
      params.organizationId,
    );
    const page = await listInviteLinks(services.db, organization.id, pageRequest(query));
    return {
      status: 200,
      body: presentList(page, (link) => presentInviteLink(link, services.urls)),
    };
  },

  createOrganizationInvite: async ({ params, body, actor, services }) => {
    const organization = await loadOrganizationForInvites(
      services.db,
      actor,
      params.organizationId,
    );
    const link = await createInviteLink(
      services.db,
      actor,
      organization,
      body,
      services.clock.now(),
    );
    return {
      status: 201,
      body: presentInviteLink(link, services.urls),
      headers: { Location: services.urls.api('orgs', organization.id, 'link-invites', link.id) },
    };
  },

  getOrganizationInviteLink: async ({ params, actor, services }) => {
    const organization = await loadOrganizationForInvites(
      services.db,
      actor,
      params.organizationId,
    );
    const link = await findInviteLink(services.db, organization.id, params.inviteId);
    if (link === undefined) throw notFound(`Invite link ${params.inviteId} not found`);
    return { status: 200, body: presentInviteLink(link, services.urls) };
  },

  updateOrganizationInviteById: async ({ params, body, actor, services }) => {
    const organization = await loadOrganizationForInvites(
      services.db,
      actor,
      params.organizationId,
    );
    const link = await findInviteLink(services.db, organization.id, params.inviteId);
    if (link === undefined) throw notFound(`Invite link ${params.inviteId} not found`);
    const updated = await changeInviteLink(services.db, actor, link, body, services.clock.now());
    return { status: 200, body: presentInviteLink(updated, services.urls) };
  },

  deleteOrganizationInviteById: async ({ params, actor, services }) => {
    const organization = await loadOrganizationForInvites(
      services.db,
      actor,
      params.organizationId,
    );
    // A link that is not there is already deleted.
    const link = await findInviteLink(services.db, organization.id, params.inviteId);
    if (link !== undefined) await removeInviteLink(services.db, actor, link, services.clock.now());
    return { status: 204 };
  },

  joinOrganizationWithInvite: async ({ params, actor, services }) => {
    const organization = await findOrganizationById(services.db, params.organizationId);
    const member = await joinWithInviteLink(
      services.db,
      actor,
      organization,
      params.inviteId,
      services.clock.now(),
    );
    return { status: 200, body: await presentOneMember(services, member) };
  },

  signUpWithInvite: async ({ params, body, services, request }) => {
    const organization = await findOrganizationById(services.db, params.organizationId);
    const started = await signUpWithInviteLink(
      services.db,
      organization,
      params.inviteId,
      { ...body, userAgent: request.userAgent, requestId: request.id },
      services.clock.now(),
      services.passwordHashCost,
    );
    return { status: 201, ...startedSessionAnswer(services, started) };
  },
};
