import type { Kysely } from 'kysely';
import { cachedRead } from '../../caches/database-caches.js';
import { invalid, notFound } from '../../errors.js';
import { newId } from '../../ids.js';
import type { Database, Executor } from '../../store/schema.js';
import {
  deleteShareLink,
  findShareLink,
  findShareLinkByKeyHash,
  insertShareLink,
  type ShareLinkRecord,
  updateShareLink,
} from '../../store/share-links.js';
import type { SiteRecord } from '../../store/sites.js';
import type { Actor } from '../actor.js';
import { recordEvent } from '../events/record-event.js';
import type { ShareKeys } from './share-keys.js';

/** A share link and its key, as its creator sees it. */
export interface CreatedShareLink {
  link: ShareLinkRecord;
  key: string;
}

function checkExpiry(expiresAt: string | null | undefined, now: Date): void {
  if (typeof expiresAt === 'string' && Date.parse(expiresAt) <= now.getTime()) {
    throw invalid('expiresAt must be in the future');
  }
}

/** Creates an active share link with a new key. */
export function createShareLink(
  db: Kysely<Database>,
  actor: Actor,
  site: SiteRecord,
  input: { name: string; expiresAt?: string | undefined },
  keys: ShareKeys,
  now: Date,
): Promise<CreatedShareLink> {
  checkExpiry(input.expiresAt, now);
  return db.transaction().execute(async (trx) => {
    const key = keys.create();
    const link: ShareLinkRecord = {
      id: newId(),
      siteId: site.id,
      name: input.name,
      active: true,
      keyHash: keys.hash(key),
      keySealed: keys.seal(key),
      expiresAt: input.expiresAt === undefined ? null : new Date(input.expiresAt).toISOString(),
      createdAt: now.toISOString(),
    };
    await insertShareLink(trx, link);
    await recordShareLinkEvent(trx, actor, site, link, 'share_link.created', now);
    return { link, key };
  });
}

/** The share link with this id on the site, or a 404. */
export async function loadShareLink(
  db: Executor,
  site: SiteRecord,
  shareLinkId: string,
): Promise<ShareLinkRecord> {
  const link = await findShareLink(db, site.id, shareLinkId);
  if (link === undefined) throw notFound(`Share link ${shareLinkId} not found`);
  return link;
}

/** Turns a link on or off, renames it, or changes its expiry (`null`: never). */
export function updateShareLinkSettings(
  db: Kysely<Database>,
  actor: Actor,
  site: SiteRecord,
  link: ShareLinkRecord,
  settings: {
    active?: boolean | undefined;
    name?: string | undefined;
    expiresAt?: string | null | undefined;
  },
  now: Date,
): Promise<ShareLinkRecord> {
  checkExpiry(settings.expiresAt, now);
  return db.transaction().execute(async (trx) => {
    const expiresAt =
      typeof settings.expiresAt === 'string'
        ? new Date(settings.expiresAt).toISOString()
        : settings.expiresAt;
    await updateShareLink(trx, link.id, {
      active: settings.active,
      name: settings.name,
      expiresAt,
    });
    const updated: ShareLinkRecord = {
      ...link,
      active: settings.active ?? link.active,
      name: settings.name ?? link.name,
      expiresAt: expiresAt === undefined ? link.expiresAt : expiresAt,
    };
    await recordShareLinkEvent(trx, actor, site, updated, 'share_link.updated', now, {
      fields: Object.keys(settings).sort(),
    });
    return updated;
  });
}

/** Deletes a share link; its key stops working. */
export function removeShareLink(
  db: Kysely<Database>,
  actor: Actor,
  site: SiteRecord,
  link: ShareLinkRecord,
  now: Date,
): Promise<void> {
  return db.transaction().execute(async (trx) => {
    await deleteShareLink(trx, link.id);
    await recordShareLinkEvent(trx, actor, site, link, 'share_link.deleted', now);
  });
}

async function recordShareLinkEvent(
  trx: Executor,
  actor: Actor,
  site: SiteRecord,
  link: ShareLinkRecord,
  action: 'share_link.created' | 'share_link.updated' | 'share_link.deleted',
  now: Date,
  payload?: Record<string, unknown>,
): Promise<void> {
  await recordEvent(
    trx,
    actor,
    {
      action,
      organizationId: site.organizationId,
      target: { type: 'share-link', id: link.id, label: link.name ?? link.id },
      payload: { site: site.id, ...payload },
    },
    now,
  );
}

/** Whether a link opens the site now: active and not expired. */
export function shareLinkWorks(link: ShareLinkRecord, now: Date): boolean {
  return link.active && (link.expiresAt === null || Date.parse(link.expiresAt) > now.getTime());
}

/**
 * The working share link a reader's key opens, or `undefined` for an unknown, inactive or
 * expired key. Readers bring their key with every page, so the link is read through the read
 * cache; whether it still works is asked at `now`, as its expiry passes without a write.
 */
export async function openShareKey(
  db: Executor,
  keys: ShareKeys,
  shareKey: string,
  now: Date,
): Promise<ShareLinkRecord | undefined> {
  const hash = keys.hash(shareKey);
  const link = await cachedRead(db, ['share-key', hash], () => findShareLinkByKeyHash(db, hash));
  return link !== undefined && shareLinkWorks(link, now) ? link : undefined;
}

/** The working share link of `site` a key opens, or a 404. */
export async function requireShareKeyOfSite(
  db: Executor,
  keys: ShareKeys,
  site: SiteRecord,
  shareKey: string,
  now: Date,
): Promise<ShareLinkRecord> {
  const link = await openShareKey(db, keys, shareKey, now);
  if (link === undefined || link.siteId !== site.id) {
    throw notFound('No active share link of this site has this shareKey');
  }
  return link;
}
