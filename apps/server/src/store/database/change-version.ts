import type { Kysely } from 'kysely';
import type { ChangeVersion } from '../../caches/read-cache.js';
import type { Database } from '../schema.js';

const registered = new WeakMap<object, ChangeVersion>();

/** Makes `version` the change version of `db`: what tells the caches of its reads it changed. */
export function registerChangeVersion(db: Kysely<Database>, version: ChangeVersion): void {
  registered.set(db, version);
}

/** The change version of `db`, as opened by `openDatabase`. */
export function changeVersionOf(db: Kysely<Database>): ChangeVersion | undefined {
  return registered.get(db);
}
