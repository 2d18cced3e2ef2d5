import type { CacheProvider } from '@node-saml/node-saml';
import type { Kysely } from 'kysely';
import {
  deleteSamlRequest,
  deleteSamlRequestsBefore,
  findSamlRequest,
  insertSamlRequest,
} from '../../store/saml-requests.js';
import type { Database } from '../../store/schema.js';

/** How long a sign-in may take between leaving for the identity provider and coming back. */
export const samlRequestValidityMs = 10 * 60 * 1000;

/**
 * Where the SAML library keeps the ids of the AuthnRequests it sent, so a response is accepted
 * only in answer to one of them (`InResponseTo`), only once (the id goes when it is answered),
 * and on whichever server process the browser comes back to: the database, not memory.
 */
export function samlRequestCache(db: Kysely<Database>): CacheProvider {
  return {
    async saveAsync(key, value) {
      // Requests never answered are forgotten once nobody could answer them any more.
      await deleteSamlRequestsBefore(
        db,
        new Date(Date.now() - 2 * samlRequestValidityMs).toISOString(),
      );
      await insertSamlRequest(db, key, value);
      return { value, createdAt: Date.now() };
    },
    async getAsync(key) {
      return (await findSamlRequest(db, key)) ?? null;
    },
    async removeAsync(key) {
      if (key === null) return null;
      const value = (await findSamlRequest(db, key)) ?? null;
      await deleteSamlRequest(db, key);
      return value;
    },
  };
}
