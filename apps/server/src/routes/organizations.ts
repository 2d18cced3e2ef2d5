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
  listOrganizationsForAuthenticatedUser: async ({ query, actor, deps }) => {
    const page = await listOrganizationsOfUser(deps.db, actor.user.id, {
      ...pageRequest(query),
      order: query.order ?? 'desc',
    });
    return {
      status: 200,
      body: presentList(page, ({ organization, role }) =>
        presentOrganization(organization, role, deps.urls),
      ),
    };
  },

  createOrganization: async ({ body, actor, deps }) => {
    const organization = await createOrganizationAsAdmin(deps.db, actor, body, deps.clock.now());
    return {
      status: 201,
      body: presentOrganization(organization, 'admin', deps.urls),
      headers: { Location: deps.urls.api('orgs', organization.id) },
    };
  },

  getOrganizationById: async ({ params, actor, deps }) => {
    const { organization, role } = await loadOrganizationForMember(
      deps.db,
      actor,
      params.organizationId,
    );
    return { status: 200, body: presentOrganization(organization, role, deps.urls) };
  },

  updateOrganizationById: async ({ params, body, actor, deps }) => {
    const { role } = await loadOrganizationForMember(deps.db, actor, params.organizationId);
    requireOrganizationRole(role, 'admin', 'change its settings');
    const organization = await updateOrganizationSettings(
      deps.db,
      actor,
      params.organizationId,
      body,
      deps.clock.now(),
    );
    return { status: 200, body: presentOrganization(organization, role, deps.urls) };
  },

  getOrganizationsForEmailDomain: async ({ params, actor, deps }) => {
    const domain = params.emailDomain.toLowerCase();
    requireEmailAtDomain(emailDomainOf(actor.user.email), domain);
    const organizations = await listOrganizationsByEmailDomain(deps.db, domain, actor.user.id);
    return {
      status: 200,
      body: {
        organizations: organizations.map(({ organization, role }) =>
          presentOrganization(organization, role, deps.urls),
        ),
      },
    };
  },
};
