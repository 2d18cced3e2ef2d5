import type { Executor } from './schema.js';

/** The names of the settings the server keeps in its database. */
export type InstanceSettingName = 'page-token-key' | 'file-url-key' | 'public-url';

/** A setting's value, if it was ever written. */
export async function readInstanceSetting(
  db: Executor,
  name: InstanceSettingName,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('instance_settings')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirst();
  return row?.value;
}

/**
 * Writes a setting unless it already has a value: of two processes starting at once, the first
 * one's value stays and both read it back.
 */
export async function insertInstanceSettingIfAbsent(
  db: Executor,
  name: InstanceSettingName,
  value: string,
  now: string,
): Promise<void> {
  await db
    .insertInto('instance_settings')
    .values({ name, value, updated_at: now })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
}

/** Writes a setting, replacing its value. */
export async function writeInstanceSetting(
  db: Executor,
  name: InstanceSettingName,
  value: string,
  now: string,
): Promise<void> {
  await db
    .insertInto('instance_settings')
    .values({ name, value, updated_at: now })
    .onConflict((conflict) => conflict.column('name').doUpdateSet({ value, updated_at: now }))
    .execute();
}
