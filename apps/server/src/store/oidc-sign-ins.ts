import type { Executor } from './schema.js';

/** A sign-in sent to a provider, awaiting the browser's return. */
export interface OidcSignInRecord {
  state: string;
  providerId: string;
  codeVerifier: string;
  nonce: string;
  relay: string;
  startedAt: string;
}

/** Remembers a sign-in sent to a provider. */
export async function insertOidcSignIn(db: Executor, signIn: OidcSignInRecord): Promise<void> {
  await db
    .insertInto('oidc_sign_ins')
    .values({
      state: signIn.state,
      provider_id: signIn.providerId,
      code_verifier: signIn.codeVerifier,
      nonce: signIn.nonce,
      relay: signIn.relay,
      started_at: signIn.startedAt,
    })
    .execute();
}

/**
 * Takes the sign-in a `state` names: answers it and forgets it in one statement, so a state is
 * used once even when two answers race.
 */
export async function takeOidcSignIn(
  db: Executor,
  state: string,
): Promise<OidcSignInRecord | undefined> {
  const row = await db
    .deleteFrom('oidc_sign_ins')
    .where('state', '=', state)
    .returningAll()
    .executeTakeFirst();
  return (
    row && {
      state: row.state,
      providerId: row.provider_id,
      codeVerifier: row.code_verifier,
      nonce: row.nonce,
      relay: row.relay,
      startedAt: row.started_at,
    }
  );
}

/** Forgets sign-ins started before `cutoff` that never came back. */
export async function deleteOidcSignInsBefore(db: Executor, cutoff: string): Promise<void> {
  await db.deleteFrom('oidc_sign_ins').where('started_at', '<', cutoff).execute();
}
