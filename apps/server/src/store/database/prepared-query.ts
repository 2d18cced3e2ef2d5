import type { Compilable, CompiledQuery } from 'kysely';
import type { Executor } from '../schema.js';
import { directReadConnection } from './sqlite-direct-reads.js';

// Placeholders the query is compiled with once; each stands for one argument.
const placeholder = (index: number) => `\u0000quire-argument-${index}\u0000`;

interface Prepared<Row> {
  compiled: CompiledQuery<Row>;
  /** For each parameter of the compiled query: the argument it takes, or -1 for a constant. */
  argumentIndexes: number[];
}

/**
 * A read query that is built and compiled once per database and then only run, with new
 * argument values. Building and compiling a Kysely query costs more than running it on SQLite,
 * so the queries every request makes (the token lookup, reading a space) are kept compiled, and
 * on SQLite they run on the connection directly (see `allowDirectReads`).
 * @example
 * const findUser = preparedQuery((db, id: string) => db.selectFrom('users').selectAll().where('id', '=', id));
 * const [user] = await findUser(db, 'abc');
 */
export function preparedQuery<Args extends string[], Row>(
  build: (db: Executor, ...args: Args) => Compilable<Row>,
): (db: Executor, ...args: Args) => Promise<Row[]> {
  const preparedFor = new WeakMap<Executor, Prepared<Row>>();
  return async (db, ...args) => {
    let prepared = preparedFor.get(db);
    if (prepared === undefined) {
      // One placeholder string per argument: the same arity of strings as Args.
      const placeholders = args.map((_, index) => placeholder(index)) as Args;
      const compiled = build(db, ...placeholders).compile();
      const argumentIndexes = compiled.parameters.map((value) =>
        placeholders.indexOf(value as string),
      );
      prepared = { compiled, argumentIndexes };
      preparedFor.set(db, prepared);
    }
    const { compiled, argumentIndexes } = prepared;
    const parameters = argumentIndexes.map((index, position) =>
      index === -1 ? compiled.parameters[position] : args[index],
    );
    const direct = directReadConnection(db);
    if (direct !== undefined) return direct.prepare(compiled.sql).all(parameters) as Row[];
    const result = await db.executeQuery<Row>({ ...compiled, parameters });
    return result.rows;
  };
}
