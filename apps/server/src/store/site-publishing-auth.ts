import type { Executor } from './schema.js';

/** A site's publishing authentication as stored; its key only sealed. */
export interface PublishingAuthRecord {
  siteId: string;
  backend: 'custom' | 'integration';
  keySealed: string;
  fallbackUrl: string | null;
  logoutUrl: string | null;
  updatedAt: string;
}

/** The publishing authentication of a site, if it has one yet. */
export async function findPublishingAuth(
  db: Executor,
  siteId: string,
): Promise<PublishingAuthRecord | undefined> {
  const row = await db
    .selectFrom('site_publishing_auth')
    .selectAll()
    .where('site_id', '=', siteId)
    .executeTakeFirst();
  if (row === undefined) return undefined;
  return {
    siteId: row.site_id,
    backend: row.backend === 'integration' ? 'integration' : 'custom',
    keySealed: row.key_sealed,
    fallbackUrl: row.fallback_url,
    logoutUrl: row.logout_url,
    updatedAt: row.updated_at,
  };
}

/**
 * Stores a site's publishing authentication; with `keep`, a row another request stored first
 * stays (two first reads at once make one key).
 */
export async function writePublishingAuth(
  db: Executor,
  auth: PublishingAuthRecord,
  { keep = false }: { keep?: boolean } = {},
): Promise<void> {
  const values = {
    site_id: auth.siteId,
    backend: auth.backend,
    key_sealed: auth.keySealed,
    fallback_url: auth.fallbackUrl,
    logout_url: auth.logoutUrl,
    updated_at: auth.updatedAt,
  };
  await db
    .insertInto('site_publishing_auth')
    .values(values)
    .onConflict((conflict) =>
      keep
        ? conflict.column('site_id').doNothing()
        : conflict.column('site_id').doUpdateSet(values),
    )
    .execute();
}
