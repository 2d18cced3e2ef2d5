import type {
  CompiledQuery,
  DatabaseConnection,
  Dialect,
  Driver,
  QueryResult,
  TransactionSettings,
} from 'kysely';
import { anyTable, type TableWriteTracker, type WrittenTable } from './table-versions.js';
import { returnsChangedRows, writtenTable } from './written-table.js';

/** What to do when a change is committed, and when the database is closed. */
export interface CommitHooks {
  onCommit?(): void;
  onDestroy?(): Promise<void>;
  /** Told of every write to a table: when it starts, and when it is committed or undone. */
  tables?: TableWriteTracker;
}

/**
 * The dialect with `onCommit` called after every commit: a transaction's, and a write run on its
 * own (which commits as it runs). A query that is not a plain select counts as a write. With
 * `tables`, each write is reported by table: started before it runs, ended once its transaction
 * commits or rolls back (a statement that changed no row ends at once).
 */
export function reportingCommits(dialect: Dialect, hooks: CommitHooks): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createDriver: () => new CommitReportingDriver(dialect.createDriver(), hooks),
  };
}

class CommitReportingDriver implements Driver {
  private readonly inTransaction = new WeakSet<DatabaseConnection>();
  /** The tables each open transaction has changed so far. */
  private readonly written = new WeakMap<DatabaseConnection, Set<WrittenTable>>();

  constructor(
    private readonly inner: Driver,
    private readonly hooks: CommitHooks,
  ) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await this.inner.acquireConnection();
    const { inTransaction, hooks, written } = this;
    const reporting: DatabaseConnection = {
      async executeQuery<Row>(query: CompiledQuery): Promise<QueryResult<Row>> {
        const result = await trackTable(query, () => connection.executeQuery<Row>(query));
        if (!inTransaction.has(reporting) && query.query.kind !== 'SelectQueryNode') {
          hooks.onCommit?.();
        }
        return result;
      },
      streamQuery: (query, chunkSize) => connection.streamQuery(query, chunkSize),
    };
    const trackTable = async <Row>(
      query: CompiledQuery,
      run: () => Promise<QueryResult<Row>>,
    ): Promise<QueryResult<Row>> => {
      const table = hooks.tables === undefined ? undefined : writtenTable(query);
      if (hooks.tables === undefined || table === undefined) return run();
      const tracker = hooks.tables;
      const transaction = inTransaction.has(reporting) ? written.get(reporting) : undefined;
      // Already open in this transaction: it ends with the transaction.
      if (transaction?.has(table) || transaction?.has(anyTable)) return run();
      tracker.writeStarted(table);
      let result: QueryResult<Row>;
      try {
        result = await run();
      } catch (error) {
        // A failed statement changed nothing.
        tracker.writeEnded(table, false);
        throw error;
      }
      const changed =
        result.numAffectedRows !== undefined
          ? result.numAffectedRows > 0n
          : !returnsChangedRows(query) || result.rows.length > 0;
      if (transaction !== undefined && changed) transaction.add(table);
      else tracker.writeEnded(table, changed);
      return result;
    };
    originals.set(reporting, connection);
    return reporting;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    await this.inner.beginTransaction(this.original(connection), settings);
    this.inTransaction.add(connection);
    this.written.set(connection, new Set());
  }

  async commitTransaction(connection: DatabaseConnection) {
    try {
      await this.inner.commitTransaction(this.original(connection));
    } finally {
      // A commit that failed may have committed: it counts as one either way.
      this.endWrites(connection, true);
      this.hooks.onCommit?.();
    }
    this.inTransaction.delete(connection);
  }

  async rollbackTransaction(connection: DatabaseConnection) {
    this.inTransaction.delete(connection);
    try {
      await this.inner.rollbackTransaction(this.original(connection));
    } finally {
      this.endWrites(connection, false);
    }
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.inner.releaseConnection(this.original(connection));
  }

  async destroy(): Promise<void> {
    await this.hooks.onDestroy?.();
    await this.inner.destroy();
  }

  /** Ends the writes of a connection's transaction, once it committed or rolled back. */
  private endWrites(connection: DatabaseConnection, committed: boolean): void {
    const tables = this.written.get(connection);
    this.written.delete(connection);
    for (const table of tables ?? []) this.hooks.tables?.writeEnded(table, committed);
  }

  private original(connection: DatabaseConnection): DatabaseConnection {
    return originals.get(connection) ?? connection;
  }
}

const originals = new WeakMap<DatabaseConnection, DatabaseConnection>();
