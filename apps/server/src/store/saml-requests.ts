import type { Executor } from './schema.js';

/** Remembers an AuthnRequest sent, with its IssueInstant. */
export async function insertSamlRequest(db: Executor, id: string, issuedAt: string): Promise<void> {
  await db.insertInto('saml_requests').values({ id, issued_at: issuedAt }).execute();
}

/** The IssueInstant of a request still awaiting its answer. */
export async function findSamlRequest(db: Executor, id: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('saml_requests')
    .select('issued_at')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.issued_at;
}

/** Forgets a request (it was answered); answers whether it was there. */
export async function deleteSamlRequest(db: Executor, id: string): Promise<boolean> {
  const result = await db.deleteFrom('saml_requests').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Forgets requests issued before `cutoff` that were never answered. */
export async function deleteSamlRequestsBefore(db: Executor, cutoff: string): Promise<void> {
  await db.deleteFrom('saml_requests').where('issued_at', '<', cutoff).execute();
}
