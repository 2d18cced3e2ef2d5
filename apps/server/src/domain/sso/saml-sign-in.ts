import type { Profile } from '@node-saml/node-saml';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { unauthenticated } from '../../errors.js';
import type { Database } from '../../store/schema.js';
import {
  type ActiveSamlProvider,
  type SamlServiceUrls,
  samlServiceProvider,
} from './saml-service.js';
import { joinThroughSso, looksLikeEmail, type SsoSignIn } from './sso-join.js';

/** 401: the identity provider's answer was not accepted; the message says why. */
export const samlRefused = (reason: string) => unauthenticated(`Single sign-on failed: ${reason}`);

// Identity providers name the email in the NameID or in one of these attributes.
const emailAttributes = [
  'email',
  'mail',
  'emailAddress',
  'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress',
  'urn:oid:0.9.2342.19200300.100.1.3',
];
const nameAttributes = [
  'displayName',
  'name',
  'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/name',
  'urn:oid:2.16.840.1.113730.3.1.241',
];

function firstString(profile: Profile, names: readonly string[]): unknown {
  for (const name of names) {
    const value = profile[name];
    const candidate = Array.isArray(value) ? value[0] : value;
    if (typeof candidate === 'string' && candidate.trim() !== '') return candidate.trim();
  }
  return undefined;
}

/**
 * Validates a SAML response posted to the provider's ACS URL and signs its subject in (see
 * {@link joinThroughSso}); a new API token unless `withToken` is false. Every refusal is a 401
 * naming the reason, which is also logged.
 */
export async function signInWithSaml(
  { db, service, logger }: { db: Kysely<Database>; service: SamlServiceUrls; logger: Logger },
  provider: ActiveSamlProvider,
  samlResponse: string,
  now: Date,
  { withToken = true }: { withToken?: boolean } = {},
): Promise<SsoSignIn> {
  let profile: Profile | null;
  try {
    ({ profile } = await samlServiceProvider(provider, { db, service }).validatePostResponseAsync({
      SAMLResponse: samlResponse,
    }));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    logger.warn({ samlProviderId: provider.id, reason }, 'refused a SAML response');
    throw samlRefused(reason);
  }
  if (profile === null) throw samlRefused('the response signs nobody in');
  // The library checks the issuer of logout messages only; a sign-in must come from the provider.
  if (profile.issuer !== provider.entityId) {
    logger.warn({ samlProviderId: provider.id, issuer: profile.issuer }, 'refused a SAML response');
    throw samlRefused(
      `the assertion was issued by ${profile.issuer}, not by the provider's entityID ${provider.entityId}`,
    );
  }
  const nameId = profile.nameID;
  const email =
    firstString(profile, emailAttributes) ?? (looksLikeEmail(nameId) ? nameId : undefined);
  if (!looksLikeEmail(email)) {
    logger.warn({ samlProviderId: provider.id }, 'refused a SAML response without an email');
    throw samlRefused('the response names no email address (NameID or an email attribute)');
  }
  const displayName = firstString(profile, nameAttributes);

  return joinThroughSso(
    db,
    { ...provider, protocol: 'saml' },
    { email, displayName: typeof displayName === 'string' ? displayName : undefined },
    now,
    { withToken },
  );
}
