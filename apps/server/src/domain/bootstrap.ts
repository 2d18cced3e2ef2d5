import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { newId } from '../ids.js';
import type { Database } from '../store/schema.js';
import { upsertPasswordHash } from '../store/sessions.js';
import { hasAnyUser, insertUser } from '../store/users.js';
import { createOrganization } from './organizations/create-organization.js';
import { issueApiToken } from './users/api-tokens.js';
import { hashPassword } from './users/passwords.js';

/** Who owns a new server, from `BOOTSTRAP_EMAIL`, `BOOTSTRAP_ORG` and `BOOTSTRAP_TOKEN`. */
export interface BootstrapSettings {
  email: string;
  organizationTitle: string;
  token: string | undefined;
  /** scrypt's cost for the owner's password (`PASSWORD_HASH_COST`); the default unless given. */
  passwordHashCost?: number;
}

/** What the first start created; the token is only known now. */
export interface Bootstrapped {
  userId: string;
  organizationId: string;
  token: string;
  tokenWasGenerated: boolean;
  /** The owner's email and the password made for them, to sign in to the app with. */
  email: string;
  password: string;
}

/**
 * On an empty database, creates the owner, an organization they administer, an API token and a
 * password to sign in to the app with, all in one transaction. On a database with users, does nothing and answers `undefined`.
 */
export async function bootstrapEmptyDatabase(
  db: Kysely<Database>,
  settings: BootstrapSettings,
  now: Date,
): Promise<Bootstrapped | undefined> {
  // Every start but the first ends here, without hashing a password nobody will use.
  if (await hasAnyUser(db)) return undefined;
  // Made before the transaction: hashing takes a tenth of a second and holds no row.
  const password = randomBytes(12).toString('base64url');
  const passwordHash = await hashPassword(password, settings.passwordHashCost);
  return db.transaction().execute(async (trx) => {
    if (await hasAnyUser(trx)) return undefined;
    const email = settings.email.toLowerCase();
    const userId = newId();
    const owner = {
      id: userId,
      email,
      displayName: 'Owner',
      photoUrl: null,
      createdAt: now.toISOString(),
    };
    await insertUser(trx, owner);
    const organization = await createOrganization(
      trx,
      { user: owner },
      { title: settings.organizationTitle },
      now,
    );
    const token = await issueApiToken(trx, userId, now, settings.token);
    await upsertPasswordHash(trx, userId, passwordHash, now.toISOString());
    return {
      email,
      password,
      userId,
      organizationId: organization.id,
      token,
      tokenWasGenerated: settings.token === undefined,
    };
  });
}
