import type { Actor } from '../domain/actor.js';
import {
  changeOidcProvider,
  createOidcProvider,
  removeOidcProvider,
} from '../domain/sso/oidc-providers.js';
import { notFound } from '../errors.js';
import type { HandlerTable } from '../http/handler.js';
import { presentList } from '../presenters/list.js';
import { presentOidcProvider } from '../presenters/oidc-provider.js';
import type { Urls } from '../presenters/urls.js';
import {
  findOidcProvider,
  listOidcProviders,
  type OidcProviderRecord,
} from '../store/oidc-providers.js';
import type { Executor } from '../store/schema.js';
import { pageRequest } from './page-request.js';
import { organizationForSsoAdmin } from './saml.js';
import { presentWithDefaultTeam, presentWithDefaultTeams } from './sso-default-teams.js';

type OidcHandlers = Pick<
  HandlerTable,
  | 'listOIDCProvidersInOrganizationById'
  | 'createOrganizationOIDCProvider'
  | 'getOrganizationOIDCProviderById'
  | 'updateOrganizationOIDCProvider'
  | 'deleteOrganizationOIDCProvider'
>;

async function loadProvider(
  db: Executor,
  actor: Actor,
  organizationId: string,
  providerId: string,
): Promise<OidcProviderRecord> {
  const organization = await organizationForSsoAdmin(db, actor, organizationId);
  const provider = await findOidcProvider(db, organization.id, providerId);
  if (provider === undefined) throw notFound(`OpenID Connect provider ${providerId} not found`);
  return provider;
}

/** Providers as the API shows them, with their default teams read in one query. */
const present = (db: Executor, providers: readonly OidcProviderRecord[], urls: Urls) =>
  presentWithDefaultTeams(db, providers, (provider, team) =>
    presentOidcProvider(provider, team, urls),
  );

/** One provider as the API shows it. */
const presentOne = (db: Executor, provider: OidcProviderRecord, urls: Urls) =>
  presentWithDefaultTeam(db, provider, (one, team) => presentOidcProvider(one, team, urls));

/** Handlers of OpenID Connect providers, managed by organization admins. */
export const oidcHandlers: OidcHandlers = {
  listOIDCProvidersInOrganizationById: async ({ params, query, actor, services }) => {
    const organization = await organizationForSsoAdmin(services.db, actor, params.organizationId);
    const page = await listOidcProviders(services.db, organization.id, pageRequest(query));
    const items = await present(services.db, page.items, services.urls);
    return { status: 200, body: presentList({ ...page, items }, (item) => item) };
  },

  createOrganizationOIDCProvider: async ({ params, body, actor, services }) => {
    const organization = await organizationForSsoAdmin(services.db, actor, params.organizationId);
    const provider = await createOidcProvider(
      services,
      actor,
      organization.id,
      body,
      services.clock.now(),
    );
    const presented = await presentOne(services.db, provider, services.urls);
    return { status: 201, body: presented, headers: { Location: presented.urls.location } };
  },

  getOrganizationOIDCProviderById: async ({ params, actor, services }) => {
    const provider = await loadProvider(
      services.db,
      actor,
      params.organizationId,
      params.oidcProviderId,
    );
    return { status: 200, body: await presentOne(services.db, provider, services.urls) };
  },

  updateOrganizationOIDCProvider: async ({ params, body, actor, services }) => {
    const provider = await loadProvider(
      services.db,
      actor,
      params.organizationId,
      params.oidcProviderId,
    );
    const updated = await changeOidcProvider(services, actor, provider, body, services.clock.now());
    return { status: 200, body: await presentOne(services.db, updated, services.urls) };
  },

  deleteOrganizationOIDCProvider: async ({ params, actor, services }) => {
    const organization = await organizationForSsoAdmin(services.db, actor, params.organizationId);
    const provider = await findOidcProvider(services.db, organization.id, params.oidcProviderId);
    if (provider !== undefined)
      await removeOidcProvider(services.db, actor, provider, services.clock.now());
    return { status: 204 };
  },
};
