import type { components } from '@quire/contract';
import type { OidcProviderRecord } from '../store/oidc-providers.js';
import type { TeamRecord } from '../store/teams.js';
import { presentTeam } from './team.js';
import { oidcServiceUrls, type Urls } from './urls.js';

type Schemas = components['schemas'];

/**
 * An OpenID Connect provider, with Quire's endpoints for it and its default team (read by an
 * organization admin, who manages every team). The client secret is never shown.
 */
export function presentOidcProvider(
  provider: OidcProviderRecord,
  defaultTeam: TeamRecord | undefined,
  urls: Urls,
): Schemas['OidcProvider'] {
  return {
    object: 'oidc-provider',
    id: provider.id,
    label: provider.label,
    issuer: provider.issuer,
    clientId: provider.clientId,
    hasClientSecret: provider.clientSecretSealed !== null,
    ...(defaultTeam === undefined ? {} : { defaultTeam: presentTeam(defaultTeam, true, urls) }),
    defaultRole: provider.defaultRole,
    createdAt: provider.createdAt,
    status: 'active',
    service: oidcServiceUrls(urls, provider.id),
    urls: { location: urls.api('orgs', provider.organizationId, 'oidc', provider.id) },
  };
}
