import type { components } from '@quire/contract';
import { isActive } from '../domain/sso/saml-service.js';
import type { OidcProviderRecord } from '../store/oidc-providers.js';
import type { SamlProviderRecord } from '../store/saml-providers.js';
import type { TeamRecord } from '../store/teams.js';
import { presentTeam } from './team.js';
import { oidcServiceUrls, samlServiceUrls, type Urls } from './urls.js';

type Schemas = components['schemas'];

/**
 * A SAML provider, with Quire's endpoints for it and its default team (`defaultTeam`, read by the
 * caller: only organization admins see providers, and they manage every team).
 */
export function presentSamlProvider(
  provider: SamlProviderRecord,
  defaultTeam: TeamRecord | undefined,
  urls: Urls,
): Schemas['SamlProvider'] {
  return {
    object: 'saml-provider',
    id: provider.id,
    label: provider.label,
    ...(provider.ssoUrl === null ? {} : { ssoURL: provider.ssoUrl }),
    ...(provider.entityId === null ? {} : { entityID: provider.entityId }),
    ...(provider.certificate === null ? {} : { certificate: provider.certificate }),
    ...(defaultTeam === undefined ? {} : { defaultTeam: presentTeam(defaultTeam, true, urls) }),
    defaultRole: provider.defaultRole,
    createdAt: provider.createdAt,
    status: isActive(provider) ? 'active' : 'pending',
    service: samlServiceUrls(urls, provider.id),
    urls: { location: urls.api('orgs', provider.organizationId, 'saml', provider.id) },
  };
}

/** How to sign in with the active providers of an organization, SAML's first. */
export function presentSsoProviders(
  saml: readonly SamlProviderRecord[],
  oidc: readonly OidcProviderRecord[],
  urls: Urls,
): Schemas['SsoProviderList'] {
  return {
    items: [
      ...saml.filter(isActive).map((provider) => ({
        id: provider.id,
        protocol: 'saml' as const,
        label: provider.label,
        startURL: samlServiceUrls(urls, provider.id).startURL,
      })),
      ...oidc.map((provider) => ({
        id: provider.id,
        protocol: 'oidc' as const,
        label: provider.label,
        startURL: oidcServiceUrls(urls, provider.id).startURL,
      })),
    ],
  };
}
