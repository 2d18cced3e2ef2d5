import type { Hono } from 'hono';
import { html } from 'hono/html';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Clock } from '../clock.js';
import {
  type ActiveSamlProvider,
  isActive,
  samlServiceProvider,
} from '../domain/sso/saml-service.js';
import { signInWithSaml } from '../domain/sso/saml-sign-in.js';
import { startSession } from '../domain/users/sessions.js';
import { conflict, invalid, notFound } from '../errors.js';
import { samlServiceUrls, type Urls } from '../presenters/urls.js';
import { findSamlProviderById } from '../store/saml-providers.js';
import type { Database } from '../store/schema.js';
import type { AppEnv } from './app-env.js';
import { appRelay } from './app-relay.js';
import { unsupportedMediaType } from './http-errors.js';
import { requestBodyLimit } from './request-body-limit.js';
import { sessionCookie } from './session-cookie.js';

/** What single sign-on endpoints need. */
export interface SamlEndpointServices {
  db: Kysely<Database>;
  urls: Urls;
  clock: Clock;
  logger: Logger;
}

// A SAML response with a certificate and a few attributes is a few KB; base64 adds a third.
const responseSizeLimit = 256 * 1024;

/**
 * Serves the service provider side of each SAML provider, outside the JSON API: a browser starts
 * at `GET /sso/saml/{id}/start` and is redirected to the identity provider with an AuthnRequest;
 * the identity provider posts its response to `POST /sso/saml/{id}/acs`, which answers the API
 * token of the member signed in (a page showing it once, or JSON when asked for);
 * `GET /sso/saml/{id}/metadata` is Quire's metadata (its entity ID) for the identity provider.
 * @example mountSamlEndpoints(app, services);
 */
export function mountSamlEndpoints(app: Hono<AppEnv>, services: SamlEndpointServices): void {
  const activeProvider = async (id: string): Promise<ActiveSamlProvider> => {
    const provider = await findSamlProviderById(services.db, id);
    if (provider === undefined) throw notFound(`SAML provider ${id} not found`);
    if (!isActive(provider)) {
      throw conflict(
        `SAML provider ${id} is not set up yet: it needs its ssoURL, entityID and certificate`,
      );
    }
    return provider;
  };
  const serviceOf = (provider: ActiveSamlProvider) => ({
    db: services.db,
    service: samlServiceUrls(services.urls, provider.id),
  });

  app.get('/sso/saml/:providerId/start', async (c) => {
    const provider = await activeProvider(c.req.param('providerId'));
    const location = await samlServiceProvider(provider, serviceOf(provider)).getAuthorizeUrlAsync(
      c.req.query('RelayState') ?? '',
      undefined,
      {},
    );
    return c.redirect(location, 302);
  });

  app.get('/sso/saml/:providerId/metadata', async (c) => {
    const provider = await activeProvider(c.req.param('providerId'));
    const metadata = samlServiceProvider(
      provider,
      serviceOf(provider),
    ).generateServiceProviderMetadata(null, null);
    return c.body(metadata, 200, { 'Content-Type': 'application/samlmetadata+xml' });
  });

  app.post('/sso/saml/:providerId/acs', requestBodyLimit(responseSizeLimit), async (c) => {
    const provider = await activeProvider(c.req.param('providerId'));
    const contentType = c.req.header('Content-Type') ?? '';
    if (!contentType.toLowerCase().startsWith('application/x-www-form-urlencoded')) {
      throw unsupportedMediaType(contentType);
    }
    const form = await c.req.parseBody();
    const samlResponse = form.SAMLResponse;
    if (typeof samlResponse !== 'string' || samlResponse === '') {
      throw invalid("The form has no SAMLResponse: post the identity provider's response here");
    }
    // A sign-in started from the app (`RelayState` is a path of it) lands back there, signed in.
    const relay = appRelay(typeof form.RelayState === 'string' ? form.RelayState : '');
    const toApp = relay !== undefined;
    const { user, organizationId, token } = await signInWithSaml(
      { ...serviceOf(provider), logger: services.logger },
      provider,
      samlResponse,
      services.clock.now(),
      { withToken: !toApp },
    );
    if (toApp) {
      const started = await startSession(
        services.db,
        user,
        { method: 'saml', userAgent: c.req.header('User-Agent') },
        services.clock.now(),
      );
      c.header('Set-Cookie', sessionCookie(services.urls, started));
      return c.redirect(relay, 303);
    }
    if ((c.req.header('Accept') ?? '').includes('application/json')) {
      return c.json({
        token,
        user: { id: user.id, email: user.email },
        organization: organizationId,
      });
    }
    return c.html(html`<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><title>Signed in to Quire</title></head>
  <body>
    <h1>Signed in as ${user.email}</h1>
    <p>Your API token, shown this once: keep it somewhere safe.</p>
    <pre><code>${token}</code></pre>
    <p>Use it as <code>Authorization: Bearer &lt;token&gt;</code> with the API at ${services.urls.api()}.</p>
  </body>
</html>`);
  });
}
