import type { Executor } from './schema.js';

/** The names of the settings the server keeps in its database. */
export type InstanceSettingName =
  | 'page-token-key'
  | 'file-url-key'
  | 'secrets-key'
  | 'public-url'
  | 'visitor-claims-key';

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
 * Writes a setting. With `keep`, a setting that already has a value keeps it: of two processes
 * starting at once, the first one's value stays and both read it back.
 */
export async function writeInstanceSetting(
  db: Executor,
  name: InstanceSettingName,
  value: string,
  now: string,
  { keep = false }: { keep?: boolean } = {},
): Promise<void> {
  await db
    .insertInto('instance_settings')
    .values({ name, value, updated_at: now })
    .onConflict((conflict) =>
      keep
        ? conflict.column('name').doNothing()
        : conflict.column('name').doUpdateSet({ value, updated_at: now }),
    )
    .execute();
}
