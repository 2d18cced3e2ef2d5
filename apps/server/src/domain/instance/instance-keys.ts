import { randomBytes } from 'node:crypto';
import {
  type InstanceSettingName,
  readInstanceSetting,
  writeInstanceSetting,
} from '../../store/instance-settings.js';
import type { Executor } from '../../store/schema.js';

/** Secret keys of this server, made on first start and shared by every process on the database. */
export interface InstanceKeys {
  /** Signs list page tokens, so a token only works for the list it came from. */
  pageTokenKey: Buffer;
  /** Signs file download URLs, which need no token. */
  fileUrlKey: Buffer;
  /** Seals the secrets the database keeps (integration secrets): `SECRETS_KEY`, or one made here. */
  secretsKey: Buffer;
}

/**
 * Reads the server's keys, making each one the first time. They live in the database, not in a
 * process, so every server behind one PostgreSQL database accepts the tokens the others sign.
 * A `secretsKey` given (from `SECRETS_KEY`) is used instead of the stored one, so the key that
 * seals secrets can be kept out of the database it protects.
 * @example const keys = await loadInstanceKeys(db, new Date(), { secretsKey: config.secretsKey });
 */
export async function loadInstanceKeys(
  db: Executor,
  now: Date,
  { secretsKey }: { secretsKey?: Buffer | undefined } = {},
): Promise<InstanceKeys> {
  return {
    pageTokenKey: await loadKey(db, 'page-token-key', now),
    fileUrlKey: await loadKey(db, 'file-url-key', now),
    secretsKey: secretsKey ?? (await loadKey(db, 'secrets-key', now)),
  };
}

async function loadKey(db: Executor, name: InstanceSettingName, now: Date): Promise<Buffer> {
  await writeInstanceSetting(db, name, randomBytes(32).toString('base64url'), now.toISOString(), {
    keep: true,
  });
  const key = await readInstanceSetting(db, name);
  if (key === undefined) throw new Error(`The ${name} could not be stored`);
  return Buffer.from(key, 'base64url');
}
