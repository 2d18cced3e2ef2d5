import type { SamlServiceUrls } from '../domain/sso/saml-service.js';

/** Builds the absolute URLs the API hands out, from `PUBLIC_URL`. */
export interface Urls {
  /** URL of a resource in the API: `api('spaces', id)` → `…/v1/spaces/<id>`. */
  api(...segments: string[]): string;
  /** URL of a resource in the application: `app('spaces', id)` → `…/app/spaces/<id>`. */
  app(...segments: string[]): string;
  /** URL of a single sign-on endpoint: `sso('saml', id, 'acs')` → `…/sso/saml/<id>/acs`. */
  sso(...segments: string[]): string;
  /** Where a published site serves a page to readers: `site(id, 'guides')` → `…/s/<id>/guides`. */
  site(siteId: string, ...segments: string[]): string;
  /** Where every published site answers under `PUBLIC_URL`: `…/s/`. */
  sitesRoot(): string;
  /** Where a Git host sends a connection's push webhooks: `…/git/hooks/<id>`. */
  gitHook(connectionId: string): string;
}

/**
 * @example createUrls('https://docs.example.com').api('spaces', 'abc'); // https://docs.example.com/v1/spaces/abc
 */
export function createUrls(publicUrl: string): Urls {
  const join = (prefix: string, segments: string[]) =>
    `${publicUrl}/${prefix}/${segments.map(encodeURIComponent).join('/')}`;
  return {
    api: (...segments) => join('v1', segments),
    app: (...segments) => join('app', segments),
    sso: (...segments) => join('sso', segments),
    site: (siteId, ...segments) => `${join('s', [siteId, ...segments])}/`,
    sitesRoot: () => `${publicUrl}/s/`,
    gitHook: (connectionId) => join('git', ['hooks', connectionId]),
  };
}

/** Quire's endpoints for one OpenID Connect provider: where it sends people back, and the start. */
export function oidcServiceUrls(
  urls: Urls,
  providerId: string,
): { redirectURL: string; startURL: string } {
  return {
    redirectURL: urls.sso('oidc', providerId, 'callback'),
    startURL: urls.sso('oidc', providerId, 'start'),
  };
}

/** Quire's endpoints for one SAML provider: what its identity provider is configured with. */
export function samlServiceUrls(urls: Urls, providerId: string): SamlServiceUrls {
  return {
    acsURL: urls.sso('saml', providerId, 'acs'),
    startURL: urls.sso('saml', providerId, 'start'),
    entityID: urls.sso('saml', providerId, 'metadata'),
  };
}
