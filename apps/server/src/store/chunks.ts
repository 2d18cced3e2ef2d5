/**
 * How many rows one statement writes or matches at most: at ten bound values a row, far below
 * what either database takes in one statement (SQLite 32,766 values, PostgreSQL 65,535).
 */
const rowsPerStatement = 500;

/**
 * `values` in runs of at most `rowsPerStatement`, in order.
 * @example for (const ids of chunks(pageIds)) await deleteRows(ids);
 */
export function chunks<T>(values: readonly T[]): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < values.length; start += rowsPerStatement) {
    result.push(values.slice(start, start + rowsPerStatement));
  }
  return result;
}
