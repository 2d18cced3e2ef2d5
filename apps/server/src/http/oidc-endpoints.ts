import type { Hono } from 'hono';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Clock } from '../clock.js';
import { finishOidcSignIn, startOidcSignIn } from '../domain/sso/oidc-sign-in.js';
import { startSession } from '../domain/users/sessions.js';
import { notFound } from '../errors.js';
import { oidcServiceUrls, type Urls } from '../presenters/urls.js';
import { findOidcProviderById, type OidcProviderRecord } from '../store/oidc-providers.js';
import type { Database } from '../store/schema.js';
import type { AppEnv } from './app-env.js';
import { appRelay } from './app-relay.js';
import { sessionCookie } from './session-cookie.js';

/** What the OpenID Connect endpoints need. */
export interface OidcEndpointServices {
  db: Kysely<Database>;
  urls: Urls;
  clock: Clock;
  logger: Logger;
  keys: { secretsKey: Buffer };
  outboundAllowPrivate: boolean;
}

/**
 * Serves the client side of each OpenID Connect provider, outside the JSON API: a browser starts
 * at `GET /sso/oidc/{id}/start` (with the app's path to come back to as `RelayState`) and is sent
 * to the provider; the provider sends it back to `GET /sso/oidc/{id}/callback`, which signs the
 * person in to the app (a session cookie) and lands them where they started.
 * @example mountOidcEndpoints(app, services);
 */
export function mountOidcEndpoints(app: Hono<AppEnv>, services: OidcEndpointServices): void {
  const providerOf = async (id: string): Promise<OidcProviderRecord> => {
    const provider = await findOidcProviderById(services.db, id);
    if (provider === undefined) throw notFound(`OpenID Connect provider ${id} not found`);
    return provider;
  };

  app.get('/sso/oidc/:providerId/start', async (c) => {
    const provider = await providerOf(c.req.param('providerId'));
    const location = await startOidcSignIn(
      services,
      provider,
      oidcServiceUrls(services.urls, provider.id).redirectURL,
      appRelay(c.req.query('RelayState') ?? '') ?? '/app/',
      services.clock.now(),
    );
    return c.redirect(location.href, 302);
  });

  app.get('/sso/oidc/:providerId/callback', async (c) => {
    const provider = await providerOf(c.req.param('providerId'));
    // The redirect URI as the provider knows it (under PUBLIC_URL), with the provider's answer.
    const callbackUrl = new URL(oidcServiceUrls(services.urls, provider.id).redirectURL);
    callbackUrl.search = new URL(c.req.url).search;
    const { user, relay } = await finishOidcSignIn(
      services,
      provider,
      callbackUrl,
      services.clock.now(),
    );
    const started = await startSession(
      services.db,
      user,
      { method: 'oidc', userAgent: c.req.header('User-Agent') },
      services.clock.now(),
    );
    c.header('Set-Cookie', sessionCookie(services.urls, started));
    return c.redirect(relay, 303);
  });
}
