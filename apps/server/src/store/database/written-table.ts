import { AliasNode, type CompiledQuery, type OperationNode, TableNode } from 'kysely';
import { anyTable, type WrittenTable } from './table-versions.js';

// Raw SQL that changes nothing, and the table of raw SQL that does (the full-text index rows are
// written as raw SQL). Anything else raw counts as a write to any table.
const rawRead = /^\s*(?:select|pragma|explain|values|begin|commit|rollback|savepoint|release)\b/i;
const rawWrite =
  /^\s*(?:insert(?:\s+or\s+\w+)?\s+into|replace\s+into|update(?:\s+or\s+\w+)?|delete\s+from)\s+"?([A-Za-z_]\w*)"?/i;

function tableName(node: OperationNode | undefined): WrittenTable {
  const table = node !== undefined && AliasNode.is(node) ? node.node : node;
  return table !== undefined && TableNode.is(table) ? table.table.identifier.name : anyTable;
}

/**
 * The table a query writes: `undefined` for a query that writes nothing (a select), `anyTable`
 * when it cannot be told (schema changes, raw SQL of another shape). Rows a write changes
 * through foreign keys or triggers are not counted: a cache relying on this must not depend on
 * them.
 * @example writtenTable(db.deleteFrom('webhooks').where('id', '=', id).compile()); // 'webhooks'
 */
export function writtenTable(query: CompiledQuery): WrittenTable | undefined {
  const node = query.query;
  switch (node.kind) {
    case 'SelectQueryNode':
      return undefined;
    case 'InsertQueryNode':
      return tableName(node.into);
    case 'UpdateQueryNode':
      return tableName(node.table);
    case 'DeleteQueryNode':
      return node.from.froms.length === 1 ? tableName(node.from.froms[0]) : anyTable;
    case 'MergeQueryNode':
      return tableName(node.into);
    case 'RawNode': {
      if (rawRead.test(query.sql)) return undefined;
      return rawWrite.exec(query.sql)?.[1] ?? anyTable;
    }
    default:
      return anyTable;
  }
}

/** Whether a query may return the rows it changed (then the rows say how many it changed). */
export function returnsChangedRows(query: CompiledQuery): boolean {
  const node = query.query;
  return (
    (node.kind === 'InsertQueryNode' ||
      node.kind === 'UpdateQueryNode' ||
      node.kind === 'DeleteQueryNode') &&
    node.returning !== undefined
  );
}
