import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { cachedRead } from '../../caches/database-caches.js';
import type { Database, Executor } from '../../store/schema.js';
import {
  findPublishingAuth,
  type PublishingAuthRecord,
  writePublishingAuth,
} from '../../store/site-publishing-auth.js';
import type { SiteRecord } from '../../store/sites.js';
import type { Actor } from '../actor.js';
import type { ShareKeys } from './share-keys.js';
import { changeSite } from './site-structure.js';

/** A site's publishing authentication with its key opened. */
export interface PublishingAuth extends PublishingAuthRecord {
  key: string;
  /** Names the key without revealing it: reader tokens carry it, so a new key closes them. */
  keyId: string;
}

function opened(record: PublishingAuthRecord, keys: ShareKeys): PublishingAuth {
  const key = keys.open(record.keySealed);
  return { ...record, key, keyId: keyIdOf(key) };
}

function keyIdOf(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('base64url').slice(0, 16);
}

/**
 * A site's publishing authentication, made with a new key the first time it is asked for:
 * every site can be switched to `visitor-auth` with a key already there to sign tokens with.
 */
export async function loadPublishingAuth(
  db: Executor,
  site: SiteRecord,
  keys: ShareKeys,
  now: Date,
): Promise<PublishingAuth> {
  // Read on every page of a visitor-auth site; kept until the database changes.
  const found = await cachedRead(db, ['publishing-auth', site.id], () =>
    findPublishingAuth(db, site.id),
  );
  if (found !== undefined) return opened(found, keys);
  await writePublishingAuth(db, newAuth(site, keys, now), { keep: true });
  const stored = await findPublishingAuth(db, site.id);
  if (stored === undefined) throw new Error(`The publishing key of site ${site.id} was not stored`);
  return opened(stored, keys);
}

function newAuth(site: SiteRecord, keys: ShareKeys, now: Date): PublishingAuthRecord {
  return {
    siteId: site.id,
    backend: 'custom',
    keySealed: keys.seal(keys.create()),
    fallbackUrl: null,
    logoutUrl: null,
    updatedAt: now.toISOString(),
  };
}

/** The changes an update makes; a URL set to `null` is unset, one left out stays. */
export interface PublishingAuthChanges {
  backend: 'custom' | 'integration';
  fallbackURL?: string | null | undefined;
  logoutURL?: string | null | undefined;
}

/** Changes a site's publishing authentication, recorded as a change of the site. */
export function updatePublishingAuth(
  db: Kysely<Database>,
  actor: Actor,
  site: SiteRecord,
  changes: PublishingAuthChanges,
  keys: ShareKeys,
  now: Date,
): Promise<PublishingAuth> {
  return changeSite(db, actor, site, now, async (trx) => {
    const current = await loadPublishingAuth(trx, site, keys, now);
    const updated: PublishingAuthRecord = {
      siteId: site.id,
      backend: changes.backend,
      keySealed: current.keySealed,
      fallbackUrl: changes.fallbackURL === undefined ? current.fallbackUrl : changes.fallbackURL,
      logoutUrl: changes.logoutURL === undefined ? current.logoutUrl : changes.logoutURL,
      updatedAt: now.toISOString(),
    };
    await writePublishingAuth(trx, updated);
    return publishingAuthChange(site, opened(updated, keys), 'publishingAuth');
  });
}

/** Gives a site a new publishing key: tokens signed with the old one stop opening it. */
export function regeneratePublishingKey(
  db: Kysely<Database>,
  actor: Actor,
  site: SiteRecord,
  keys: ShareKeys,
  now: Date,
): Promise<PublishingAuth> {
  return changeSite(db, actor, site, now, async (trx) => {
    const current = await loadPublishingAuth(trx, site, keys, now);
    const updated = {
      ...current,
      keySealed: keys.seal(keys.create()),
      updatedAt: now.toISOString(),
    };
    await writePublishingAuth(trx, updated);
    return publishingAuthChange(site, opened(updated, keys), 'publishingAuth.privateKey');
  });
}

function publishingAuthChange(site: SiteRecord, result: PublishingAuth, field: string) {
  return {
    result,
    event: {
      action: 'site.updated' as const,
      target: { type: 'site' as const, id: site.id, label: site.title },
      payload: { fields: [field] },
    },
  };
}
