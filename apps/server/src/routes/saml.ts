import type { Actor } from '../domain/actor.js';
import { loadOrganizationForMember } from '../domain/organizations/organization-access.js';
import {
  changeSamlProvider,
  createSamlProvider,
  removeSamlProvider,
} from '../domain/sso/saml-providers.js';
import { notFound } from '../errors.js';
import type { HandlerTable } from '../http/handler.js';
import { requireOrganizationRole } from '../policies/organization-policy.js';
import { presentList } from '../presenters/list.js';
import { presentSamlProvider, presentSsoProviders } from '../presenters/saml-provider.js';
import type { Urls } from '../presenters/urls.js';
import { allOidcProviders } from '../store/oidc-providers.js';
import { findOrganizationById } from '../store/organizations.js';
import {
  allSamlProviders,
  findSamlProvider,
  listSamlProviders,
  type SamlProviderRecord,
} from '../store/saml-providers.js';
import type { Executor } from '../store/schema.js';
import { pageRequest } from './page-request.js';
import { presentWithDefaultTeam, presentWithDefaultTeams } from './sso-default-teams.js';

type SamlHandlers = Pick<
  HandlerTable,
  | 'listSAMLProvidersInOrganizationById'
  | 'createOrganizationSAMLProvider'
  | 'getOrganizationSAMLProviderById'
  | 'updateOrganizationSAMLProvider'
  | 'deleteOrganizationSAMLProvider'
  | 'listSSOProviderLoginsInOrganization'
>;

/** The organization whose single sign-on an admin manages. */
export async function organizationForSsoAdmin(db: Executor, actor: Actor, organizationId: string) {
  const { organization, role } = await loadOrganizationForMember(db, actor, organizationId);
  requireOrganizationRole(role, 'admin', 'manage single sign-on');
  return organization;
}

async function loadProvider(
  db: Executor,
  actor: Actor,
  organizationId: string,
  providerId: string,
): Promise<SamlProviderRecord> {
  const organization = await organizationForSsoAdmin(db, actor, organizationId);
  const provider = await findSamlProvider(db, organization.id, providerId);
  if (provider === undefined) throw notFound(`SAML provider ${providerId} not found`);
  return provider;
}

/** Providers as the API shows them, with their default teams read in one query. */
const present = (db: Executor, providers: readonly SamlProviderRecord[], urls: Urls) =>
  presentWithDefaultTeams(db, providers, (provider, team) =>
    presentSamlProvider(provider, team, urls),
  );

/** One provider as the API shows it. */
const presentOne = (db: Executor, provider: SamlProviderRecord, urls: Urls) =>
  presentWithDefaultTeam(db, provider, (one, team) => presentSamlProvider(one, team, urls));

/** Handlers of SAML providers (organization admins) and the public list of sign-in options. */
export const samlHandlers: SamlHandlers = {
  listSAMLProvidersInOrganizationById: async ({ params, query, actor, services }) => {
    const organization = await organizationForSsoAdmin(services.db, actor, params.organizationId);
    const page = await listSamlProviders(services.db, organization.id, pageRequest(query));
    const items = await present(services.db, page.items, services.urls);
    return { status: 200, body: presentList({ ...page, items }, (item) => item) };
  },

  createOrganizationSAMLProvider: async ({ params, body, actor, services }) => {
    const organization = await organizationForSsoAdmin(services.db, actor, params.organizationId);
    const provider = await createSamlProvider(
      services.db,
      actor,
      organization.id,
      body,
      services.clock.now(),
    );
    const presented = await presentOne(services.db, provider, services.urls);
    return { status: 201, body: presented, headers: { Location: presented.urls.location } };
  },

  getOrganizationSAMLProviderById: async ({ params, actor, services }) => {
    const provider = await loadProvider(
      services.db,
      actor,
      params.organizationId,
      params.samlProviderId,
    );
    return { status: 200, body: await presentOne(services.db, provider, services.urls) };
  },

  updateOrganizationSAMLProvider: async ({ params, body, actor, services }) => {
    const provider = await loadProvider(
      services.db,
      actor,
      params.organizationId,
      params.samlProviderId,
    );
    const updated = await changeSamlProvider(
      services.db,
      actor,
      provider,
      body,
      services.clock.now(),
    );
    return { status: 200, body: await presentOne(services.db, updated, services.urls) };
  },

  deleteOrganizationSAMLProvider: async ({ params, actor, services }) => {
    const organization = await organizationForSsoAdmin(services.db, actor, params.organizationId);
    const provider = await findSamlProvider(services.db, organization.id, params.samlProviderId);
    if (provider !== undefined)
      await removeSamlProvider(services.db, actor, provider, services.clock.now());
    return { status: 204 };
  },

  listSSOProviderLoginsInOrganization: async ({ params, services }) => {
    const organization = await findOrganizationById(services.db, params.organizationId);
    if (organization === undefined)
      throw notFound(`Organization ${params.organizationId} not found`);
    const [saml, oidc] = await Promise.all([
      allSamlProviders(services.db, organization.id),
      allOidcProviders(services.db, organization.id),
    ]);
    return { status: 200, body: presentSsoProviders(saml, oidc, services.urls) };
  },
};
