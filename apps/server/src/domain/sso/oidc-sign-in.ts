import type { Kysely } from 'kysely';
import * as oidc from 'openid-client';
import type { Logger } from 'pino';
import { unauthenticated } from '../../errors.js';
import { guardedFetch } from '../../outbound/guarded-fetch.js';
import type { OidcProviderRecord } from '../../store/oidc-providers.js';
import {
  deleteOidcSignInsBefore,
  insertOidcSignIn,
  takeOidcSignIn,
} from '../../store/oidc-sign-ins.js';
import type { Database } from '../../store/schema.js';
import { oidcSecretSealer } from './oidc-providers.js';
import { joinThroughSso, looksLikeEmail, type SsoSignIn } from './sso-join.js';

/** How long a sign-in may take between leaving for the provider and coming back. */
export const oidcSignInValidityMs = 10 * 60 * 1000;

/** What signing in with an OpenID Connect provider needs. */
export interface OidcSignInServices {
  db: Kysely<Database>;
  keys: { secretsKey: Buffer };
  outboundAllowPrivate: boolean;
  logger: Logger;
}

/** 401: the provider's answer was not accepted; the message says why. */
const oidcRefused = (reason: string) => unauthenticated(`Single sign-on failed: ${reason}`);

/**
 * The provider's configuration, read from its discovery document through the outbound guard. An
 * `http:` issuer (a provider on a private network) is allowed as the admin set it.
 */
async function configurationOf(
  services: OidcSignInServices,
  provider: OidcProviderRecord,
): Promise<oidc.Configuration> {
  const secret =
    provider.clientSecretSealed === null
      ? undefined
      : oidcSecretSealer(services.keys.secretsKey).open(provider.clientSecretSealed);
  const insecure = new URL(provider.issuer).protocol === 'http:';
  return oidc.discovery(
    new URL(provider.issuer),
    provider.clientId,
    secret,
    secret === undefined ? oidc.None() : oidc.ClientSecretPost(secret),
    {
      [oidc.customFetch]: guardedFetch({ allowPrivate: services.outboundAllowPrivate }),
      ...(insecure ? { execute: [oidc.allowInsecureRequests] } : {}),
    },
  );
}

/** Why a step with the provider failed, for a person and the log. */
function reasonOf(error: unknown): string {
  if (error instanceof oidc.AuthorizationResponseError) {
    return `the provider answered ${error.error}${error.error_description ? ` (${error.error_description})` : ''}`;
  }
  if (error instanceof oidc.ResponseBodyError) {
    return `the provider refused the code: ${error.error}${error.error_description ? ` (${error.error_description})` : ''}`;
  }
  return error instanceof Error ? error.message : String(error);
}

/**
 * Starts a sign-in: remembers a fresh state, nonce and PKCE verifier (in the database, so the
 * browser may come back to any process) and answers where to send the browser.
 */
export async function startOidcSignIn(
  services: OidcSignInServices,
  provider: OidcProviderRecord,
  redirectUri: string,
  relay: string,
  now: Date,
): Promise<URL> {
  let config: oidc.Configuration;
  try {
    config = await configurationOf(services, provider);
  } catch (error) {
    const reason = reasonOf(error);
    services.logger.warn(
      { oidcProviderId: provider.id, reason },
      'OpenID Connect discovery failed',
    );
    throw oidcRefused(`the provider's configuration could not be read: ${reason}`);
  }
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  // Sign-ins never finished are forgotten once nobody could finish them any more.
  await deleteOidcSignInsBefore(
    services.db,
    new Date(now.getTime() - oidcSignInValidityMs).toISOString(),
  );
  await insertOidcSignIn(services.db, {
    state,
    providerId: provider.id,
    codeVerifier,
    nonce,
    relay,
    startedAt: now.toISOString(),
  });
  return oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: 'openid email profile',
    response_type: 'code',
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
}

/** Someone signed in, and the app's path they started from. */
export interface OidcSignIn extends SsoSignIn {
  relay: string;
}

/**
 * Finishes a sign-in the provider sent back to `callbackUrl` (the redirect URI with the
 * provider's query): the state must be one this server issued for this provider, unused and
 * recent; the code is redeemed with the PKCE verifier, the ID token checked (issuer, audience,
 * signature, nonce); the email must be there and not said to be unverified. The person is then
 * signed in as SAML's are ({@link joinThroughSso}). Every refusal is a 401 naming the reason.
 */
export async function finishOidcSignIn(
  services: OidcSignInServices,
  provider: OidcProviderRecord,
  callbackUrl: URL,
  now: Date,
): Promise<OidcSignIn> {
  const refuse = (reason: string) => {
    services.logger.warn(
      { oidcProviderId: provider.id, reason },
      'refused an OpenID Connect sign-in',
    );
    return oidcRefused(reason);
  };
  const state = callbackUrl.searchParams.get('state');
  if (state === null || state === '') throw refuse('the answer carries no state');
  const signIn = await takeOidcSignIn(services.db, state);
  if (signIn === undefined || signIn.providerId !== provider.id) {
    throw refuse('this sign-in is unknown here or was already used: start again');
  }
  if (now.getTime() - new Date(signIn.startedAt).getTime() > oidcSignInValidityMs) {
    throw refuse('this sign-in took too long: start again');
  }
  let claims: Record<string, unknown>;
  try {
    const config = await configurationOf(services, provider);
    const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: signIn.codeVerifier,
      expectedState: state,
      expectedNonce: signIn.nonce,
      idTokenExpected: true,
    });
    const idToken = tokens.claims();
    if (idToken === undefined) throw new Error('the provider answered no ID token');
    claims = { ...idToken };
    // Providers that keep the ID token small (and oidc-provider by default) answer the email
    // from the userinfo endpoint instead.
    if (claims.email === undefined) {
      claims = {
        ...(await oidc.fetchUserInfo(config, tokens.access_token, idToken.sub)),
        ...idToken,
      };
    }
  } catch (error) {
    throw refuse(reasonOf(error));
  }
  const email = claims.email;
  if (!looksLikeEmail(email)) throw refuse('the provider named no email address for this person');
  if (claims.email_verified === false) {
    throw refuse(`the provider has not verified ${email}`);
  }
  const name =
    typeof claims.name === 'string' && claims.name.trim() !== '' ? claims.name.trim() : undefined;
  const signedIn = await joinThroughSso(
    services.db,
    { ...provider, protocol: 'oidc' },
    { email, displayName: name },
    now,
    { withToken: false },
  );
  return { ...signedIn, relay: signIn.relay };
}
