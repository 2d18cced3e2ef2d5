import { SAML, ValidateInResponseTo } from '@node-saml/node-saml';
import type { Kysely } from 'kysely';
import type { SamlProviderRecord } from '../../store/saml-providers.js';
import type { Database } from '../../store/schema.js';
import { samlRequestCache, samlRequestValidityMs } from './saml-request-cache.js';

/**
 * Quire's own endpoints for one provider, what an identity provider is configured with; made
 * from `PUBLIC_URL` by the HTTP edge and handed in.
 */
export interface SamlServiceUrls {
  acsURL: string;
  startURL: string;
  entityID: string;
}

/** A provider with everything a sign-in needs. */
export type ActiveSamlProvider = SamlProviderRecord & {
  entityId: string;
  ssoUrl: string;
  certificate: string;
};

/** Whether a provider is set up enough to sign in with. */
export function isActive(provider: SamlProviderRecord): provider is ActiveSamlProvider {
  return provider.entityId !== null && provider.ssoUrl !== null && provider.certificate !== null;
}

/**
 * The SAML service provider for one identity provider: AuthnRequests by HTTP-Redirect, responses
 * by HTTP-POST with signed assertions, checked against the provider's certificate, its entity ID
 * as issuer, Quire's entity ID as audience, the assertion's time window (with a minute of clock
 * skew) and the request it answers.
 */
export function samlServiceProvider(
  provider: ActiveSamlProvider,
  { db, service }: { db: Kysely<Database>; service: SamlServiceUrls },
): SAML {
  return new SAML({
    entryPoint: provider.ssoUrl,
    issuer: service.entityID,
    callbackUrl: service.acsURL,
    audience: service.entityID,
    idpCert: provider.certificate,
    idpIssuer: provider.entityId,
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: false,
    identifierFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
    acceptedClockSkewMs: 60_000,
    validateInResponseTo: ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: samlRequestValidityMs,
    cacheProvider: samlRequestCache(db),
  });
}
