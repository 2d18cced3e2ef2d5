import { randomBytes } from 'node:crypto';
import {
  insertInstanceSettingIfAbsent,
  readInstanceSetting,
} from '../../store/instance-settings.js';
import type { Executor } from '../../store/schema.js';

/** Secret keys of this server, made on first start and shared by every process on the database. */
export interface InstanceKeys {
  /** Signs list page tokens, so a token only works for the list it came from. */
  pageTokenKey: Buffer;
}

/**
 * Reads the server's keys, making each one the first time. They live in the database, not in a
 * process, so every server behind one PostgreSQL database accepts the tokens the others sign.
 * @example const keys = await loadInstanceKeys(db, new Date());
 */
export async function loadInstanceKeys(db: Executor, now: Date): Promise<InstanceKeys> {
  await insertInstanceSettingIfAbsent(
    db,
    'page-token-key',
    randomBytes(32).toString('base64url'),
    now.toISOString(),
  );
  const pageTokenKey = await readInstanceSetting(db, 'page-token-key');
  if (pageTokenKey === undefined) throw new Error('The page token key could not be stored');
  return { pageTokenKey: Buffer.from(pageTokenKey, 'base64url') };
}
