import type { Kysely } from 'kysely';
import { newId } from '../ids.js';
import type { Database } from '../store/schema.js';
import { hasAnyUser, insertUser } from '../store/users.js';
import { createOrganization } from './organizations/create-organization.js';
import { issueApiToken } from './users/api-tokens.js';

/** Who owns a new server, from `BOOTSTRAP_EMAIL`, `BOOTSTRAP_ORG` and `BOOTSTRAP_TOKEN`. */
export interface BootstrapSettings {
  email: string;
  organizationTitle: string;
  token: string | undefined;
}

/** What the first start created; the token is only known now. */
export interface Bootstrapped {
  userId: string;
  organizationId: string;
  token: string;
  tokenWasGenerated: boolean;
}

/**
 * On an empty database, creates the owner, an organization they administer and an API token,
 * all in one transaction. On a database with users, does nothing and answers `undefined`.
 */
export async function bootstrapEmptyDatabase(
  db: Kysely<Database>,
  settings: BootstrapSettings,
  now: Date,
): Promise<Bootstrapped | undefined> {
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
    return {
      userId,
      organizationId: organization.id,
      token,
      tokenWasGenerated: settings.token === undefined,
    };
  });
}
