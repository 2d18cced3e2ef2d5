import type { ParsedObjectCache } from './parsed-object-cache.js';
import type { ReadCache, ReadKey } from './read-cache.js';
import type { TableReadCache, TableReadKey } from './table-read-cache.js';

/** The caches of what is read from one database, made with the services. */
export interface DatabaseCaches {
  reads: ReadCache;
  tableReads: TableReadCache;
  parsedObjects: ParsedObjectCache;
}

/** A database or one of its transactions, as the store reads it. */
interface Executor {
  readonly isTransaction: boolean;
  getExecutor(): { readonly adapter: object };
}

// Reads take only the database they read (`Executor`), down to the store; the services attach
// their caches to it once, and a read finds them there. By the dialect adapter, which a database
// and its transactions share.
const attached = new WeakMap<object, DatabaseCaches>();

/** Lets reads of `db` and of its transactions use `caches`. */
export function attachDatabaseCaches(db: Executor, caches: DatabaseCaches): void {
  attached.set(db.getExecutor().adapter, caches);
}

function cachesOf(db: Executor): DatabaseCaches | undefined {
  return attached.get(db.getExecutor().adapter);
}

/**
 * What `load` reads, through the read cache of `db` when it has one. A read in a transaction
 * must see its own writes, so it is never cached.
 * @example await cachedRead(db, ['site', siteId], () => findSiteById(db, siteId));
 */
export function cachedRead<Value>(
  db: Executor,
  key: ReadKey,
  load: () => Promise<Value>,
): Promise<Value> {
  const caches = db.isTransaction ? undefined : cachesOf(db);
  return caches === undefined ? load() : caches.reads.read(key, load);
}

/**
 * What `load` reads from `tables`, through the table read cache of `db` when it has one (see
 * `TableReadCache`); reads in transactions are cached too.
 * @example await cachedTableRead(trx, ['webhooks'], ['active-webhooks', id], () => load(trx));
 */
export function cachedTableRead<Value>(
  db: Executor,
  tables: readonly string[],
  key: TableReadKey,
  load: () => Promise<Value>,
): Promise<Value> {
  const caches = cachesOf(db);
  return caches === undefined ? load() : caches.tableReads.read(tables, key, load);
}

/** The parsed content objects of `db`, when it has a cache of them. */
export function parsedObjectsOf(db: Executor): ParsedObjectCache | undefined {
  return cachesOf(db)?.parsedObjects;
}
