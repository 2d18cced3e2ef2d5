import type { Kysely } from 'kysely';
import { notFound } from '../../errors.js';
import type { MemberRole } from '../../model/roles.js';
import { findOrganizationById } from '../../store/organizations.js';
import type { Database } from '../../store/schema.js';
import { findUserByEmail, insertUser, type UserRecord } from '../../store/users.js';
import { recordEvent } from '../events/record-event.js';
import { addMemberToOrganization } from '../members/add-member.js';
import { issueApiToken } from '../users/api-tokens.js';
import { newUserRecord } from '../users/create-user.js';

/** A provider of an organization's single sign-on, as joining through it needs it. */
export interface SsoProvider {
  id: string;
  organizationId: string;
  defaultRole: MemberRole | null;
  defaultTeamId: string | null;
  protocol: 'saml' | 'oidc';
}

/** Who signed in, and the API token they got (none when they signed in to the app). */
export interface SsoSignIn {
  user: UserRecord;
  organizationId: string;
  token: string | undefined;
}

/**
 * Signs in the person a provider vouched for: the user with that email (created if new) joins
 * the organization with the provider's default role unless already a member, is marked as an
 * SSO member, joins the provider's default team, and gets a new API token unless `withToken` is
 * false (signing in to the app starts a session instead: no token is made that nobody sees).
 */
export async function joinThroughSso(
  db: Kysely<Database>,
  provider: SsoProvider,
  person: { email: string; displayName: string | undefined },
  now: Date,
  { withToken }: { withToken: boolean },
): Promise<SsoSignIn> {
  return db.transaction().execute(async (trx) => {
    const organization = await findOrganizationById(trx, provider.organizationId);
    if (organization === undefined) throw notFound(`Provider ${provider.id} not found`);
    const address = person.email.toLowerCase();
    let user = await findUserByEmail(trx, address);
    if (user === undefined) {
      user = newUserRecord(address, person.displayName, now);
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
        via: provider.protocol,
      },
      now,
    );
    const token = withToken ? await issueApiToken(trx, user.id, now) : undefined;
    await recordEvent(
      trx,
      { user },
      {
        action: 'member.signed_in_with_sso',
        organizationId: organization.id,
        target: { type: 'user', id: user.id, label: user.email },
        payload:
          provider.protocol === 'saml'
            ? { samlProviderId: provider.id }
            : { oidcProviderId: provider.id },
      },
      now,
    );
    return { user, organizationId: organization.id, token };
  });
}

/** Whether a value reads as an email address. */
export const looksLikeEmail = (value: unknown): value is string =>
  typeof value === 'string' && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);
