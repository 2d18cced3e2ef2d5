import { createOrganizationAsAdmin } from '../domain/organizations/create-organization.js';
import { emailDomainOf } from '../domain/organizations/email-domains.js';
import { loadOrganizationForMember } from '../domain/organizations/organization-access.js';
import { updateOrganizationSettings } from '../domain/organizations/update-organization.js';
import type { HandlerTable } from '../http/handler.js';
import { requireEmailAtDomain, requireOrganizationRole } from '../policies/organization-policy.js';
import { presentList } from '../presenters/list.js';
import { presentOrganization } from '../presenters/organization.js';
import { listOrganizationsByEmailDomain, listOrganizationsOfUser } from '../store/organizations.js';
import { pageRequest } from './page-request.js';

type OrganizationHandlers = Pick<
  HandlerTable,
  | 'listOrganizationsForAuthenticatedUser'
  | 'createOrganization'
  | 'getOrganizationById'
  | 'updateOrganizationById'
  | 'getOrganizationsForEmailDomain'
>;

/** Handlers of the `organizations` tag. */
export const organizationHandlers: OrganizationHandlers = {
  listOrganizationsForAuthenticatedUser: async ({ query, actor, services }) => {
    const page = await listOrganizationsOfUser(services.db, actor.user.id, {
      ...pageRequest(query),
      order: query.order ?? 'desc',
    });
    return {
      status: 200,
      body: presentList(page, ({ organization, role }) =>
        presentOrganization(organization, role, services.urls),
      ),
    };
  },

  createOrganization: async ({ body, actor, services }) => {
    const organization = await createOrganizationAsAdmin(
      services.db,
      actor,
      body,
      services.clock.now(),
    );
    return {
      status: 201,
      body: presentOrganization(organization, 'admin', services.urls),
      headers: { Location: services.urls.api('orgs', organization.id) },
    };
  },

  getOrganizationById: async ({ params, actor, services }) => {
    const { organization, role } = await loadOrganizationForMember(
      services.db,
      actor,
      params.organizationId,
    );
    return { status: 200, body: presentOrganization(organization, role, services.urls) };
  },

  updateOrganizationById: async ({ params, body, actor, services }) => {
    const { role } = await loadOrganizationForMember(services.db, actor, params.organizationId);
    requireOrganizationRole(role, 'admin', 'change its settings');
    const organization = await updateOrganizationSettings(
      services.db,
      actor,
      params.organizationId,
      body,
      services.clock.now(),
    );
    return { status: 200, body: presentOrganization(organization, role, services.urls) };
  },

  getOrganizationsForEmailDomain: async ({ params, actor, services }) => {
    const domain = params.emailDomain.toLowerCase();
    requireEmailAtDomain(emailDomainOf(actor.user.email), domain);
    const organizations = await listOrganizationsByEmailDomain(services.db, domain, actor.user.id);
    return {
      status: 200,
      body: {
        organizations: organizations.map(({ organization, role }) =>
          presentOrganization(organization, role, services.urls),
        ),
      },
    };
  },
};
