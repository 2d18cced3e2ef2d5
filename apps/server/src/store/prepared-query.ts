import type { Compilable, CompiledQuery } from 'kysely';
import type { Executor } from './schema.js';

// Placeholders the query is compiled with once; each stands for one argument.
const placeholder = (index: number) => `\u0000quire-argument-${index}\u0000`;

/**
 * A query that is built and compiled once per database and then only run, with new argument
 * values. Building and compiling a Kysely query costs more than running it on SQLite, so the
 * queries every request makes (the token lookup, reading a space) are kept compiled.
 * @example
 * const findUser = preparedQuery((db, id: string) => db.selectFrom('users').selectAll().where('id', '=', id));
 * const [user] = await findUser(db, 'abc');
 */
export function preparedQuery<Args extends string[], Row>(
  build: (db: Executor, ...args: Args) => Compilable<Row>,
): (db: Executor, ...args: Args) => Promise<Row[]> {
  const compiledFor = new WeakMap<Executor, CompiledQuery<Row>>();
  return async (db, ...args) => {
    let compiled = compiledFor.get(db);
    if (compiled === undefined) {
      // One placeholder string per argument: the same arity of strings as Args.
      const placeholders = args.map((_, index) => placeholder(index)) as Args;
      compiled = build(db, ...placeholders).compile();
      compiledFor.set(db, compiled);
    }
    const parameters = compiled.parameters.map((value) => {
      const index = args.findIndex((_, candidate) => value === placeholder(candidate));
      return index === -1 ? value : args[index];
    });
    const result = await db.executeQuery<Row>({ ...compiled, parameters });
    return result.rows;
  };
}
