import type {
  CompiledQuery,
  DatabaseConnection,
  Dialect,
  Driver,
  QueryResult,
  TransactionSettings,
} from 'kysely';

/** What to do when a change is committed, and when the database is closed. */
export interface CommitHooks {
  onCommit(): void;
  onDestroy(): Promise<void>;
}

/**
 * The dialect with `onCommit` called after every commit: a transaction's, and a write run on its
 * own (which commits as it runs). A query that is not a plain select counts as a write.
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

  constructor(
    private readonly inner: Driver,
    private readonly hooks: CommitHooks,
  ) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await this.inner.acquireConnection();
    const { inTransaction, hooks } = this;
    const reporting: DatabaseConnection = {
      async executeQuery<Row>(query: CompiledQuery): Promise<QueryResult<Row>> {
        const result = await connection.executeQuery<Row>(query);
        if (!inTransaction.has(reporting) && query.query.kind !== 'SelectQueryNode') {
          hooks.onCommit();
        }
        return result;
      },
      streamQuery: (query, chunkSize) => connection.streamQuery(query, chunkSize),
    };
    originals.set(reporting, connection);
    return reporting;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    await this.inner.beginTransaction(this.original(connection), settings);
    this.inTransaction.add(connection);
  }

  async commitTransaction(connection: DatabaseConnection) {
    await this.inner.commitTransaction(this.original(connection));
    this.inTransaction.delete(connection);
    this.hooks.onCommit();
  }

  async rollbackTransaction(connection: DatabaseConnection) {
    this.inTransaction.delete(connection);
    await this.inner.rollbackTransaction(this.original(connection));
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.inner.releaseConnection(this.original(connection));
  }

  async destroy(): Promise<void> {
    await this.hooks.onDestroy();
    await this.inner.destroy();
  }

  private original(connection: DatabaseConnection): DatabaseConnection {
    return originals.get(connection) ?? connection;
  }
}

const originals = new WeakMap<DatabaseConnection, DatabaseConnection>();
