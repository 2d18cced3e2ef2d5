import type { Profile } from '@node-saml/node-saml';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { notFound, unauthenticated } from '../../errors.js';
import { findOrganizationById } from '../../store/organizations.js';
import type { Database } from '../../store/schema.js';
import { findUserByEmail, insertUser, type UserRecord } from '../../store/users.js';
import { recordEvent } from '../events/record-event.js';
import { addMemberToOrganization } from '../members/add-member.js';
import { issueApiToken } from '../users/api-tokens.js';
import { newUserRecord } from '../users/create-user.js';
import {
  type ActiveSamlProvider,
  type SamlServiceUrls,
  samlServiceProvider,
} from './saml-service.js';

/** 401: the identity provider's answer was not accepted; the message says why. */
export const samlRefused = (reason: string) => unauthenticated(`Single sign-on failed: ${reason}`);

/** Who signed in, and the API token they got (none when they signed in to the app). */
export interface SamlSignIn {
  user: UserRecord;
  organizationId: string;
  token: string | undefined;
}

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
const looksLikeEmail = (value: unknown): value is string =>
  typeof value === 'string' && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);

function firstString(profile: Profile, names: readonly string[]): unknown {
  for (const name of names) {
    const value = profile[name];
    const candidate = Array.isArray(value) ? value[0] : value;
    if (typeof candidate === 'string' && candidate.trim() !== '') return candidate.trim();
  }
  return undefined;
}

/**
 * Validates a SAML response posted to the provider's ACS URL and signs its subject in: the user
 * with that email (created if new) joins the organization with the provider's default role
 * unless already a member, is marked as an SSO member, joins the provider's default team, and
 * gets a new API token (unless `withToken` is false). Every refusal is a 401 naming the reason,
 * which is also logged.
 */
export async function signInWithSaml(
  { db, service, logger }: { db: Kysely<Database>; service: SamlServiceUrls; logger: Logger },
  provider: ActiveSamlProvider,
  samlResponse: string,
  now: Date,
  { withToken = true }: { withToken?: boolean } = {},
): Promise<SamlSignIn> {
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

  return db.transaction().execute(async (trx) => {
    const organization = await findOrganizationById(trx, provider.organizationId);
    if (organization === undefined) throw notFound(`SAML provider ${provider.id} not found`);
    const address = email.toLowerCase();
    let user = await findUserByEmail(trx, address);
    if (user === undefined) {
      user = newUserRecord(address, typeof displayName === 'string' ? displayName : undefined, now);
      await insertUser(trx, user);
    }
    await addMemberToOrganization(
      trx,
      { user },
      {
        organizationId: organization.id,
        user,
        role: provider.defaultRole ?? organization.defaultRole ?? 'read',
        teamId: provider.defaultTeamId,
        sso: true,
        via: 'saml',
      },
      now,
    );
    // Signing in to the app starts a session instead: no token is made that nobody sees.
    const token = withToken ? await issueApiToken(trx, user.id, now) : undefined;
    await recordEvent(
      trx,
      { user },
      {
        action: 'member.signed_in_with_sso',
        organizationId: organization.id,
        target: { type: 'user', id: user.id, label: user.email },
        payload: { samlProviderId: provider.id },
      },
      now,
    );
    return { user, organizationId: organization.id, token };
  });
}
