/**
 * Whether a database error is a unique-constraint violation, on either engine: SQLite reports
 * SQLITE_CONSTRAINT_UNIQUE (SQLITE_CONSTRAINT_PRIMARYKEY for a key), PostgreSQL SQLSTATE 23505.
 */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  return (
    error.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    error.code === 'SQLITE_CONSTRAINT_PRIMARYKEY' ||
    error.code === '23505'
  );
}
