import type {
  Body,
  OperationId,
  PathParams,
  publicOperations,
  Query,
  Reply,
  siteReaderOperations,
} from '@quire/contract';
import type { Actor, Caller } from '../domain/actor.js';
import type { AppServices } from '../services/app-services.js';

// Who may call what is the contract's: each operation's `security` (generated lists).
type PublicOperation = (typeof publicOperations)[number];
type SiteReaderOperation = (typeof siteReaderOperations)[number];

/** What a handler receives: the validated input of its operation, the caller and the app. */
export interface HandlerInput<Op extends OperationId> {
  params: PathParams<Op>;
  query: Query<Op>;
  body: Body<Op>;
  actor: Op extends PublicOperation
    ? Actor | null
    : Op extends SiteReaderOperation
      ? Caller
      : Actor;
  services: AppServices;
  /** The request itself: its id (recorded with the events it causes) and the browser it names. */
  request: { id: string; userAgent?: string | undefined };
}

/** What a reply may say of itself besides the contract's status, body and headers. */
export interface ReplyHints {
  /**
   * The answer depends on the request (method, URL, token) and on what the database holds,
   * read through the read cache or from content that never changes, and on nothing else: no
   * clock, no randomness, no table the read cache does not follow. The same request then
   * answers the same until the database changes, so its answer is kept (see `ResponseCache`).
   */
  sameUntilDatabaseChanges?: boolean;
}

/** The handler of one operation: answers one of the operation's success replies, or throws. */
export type Handler<Op extends OperationId> = (
  input: HandlerInput<Op>,
) => Promise<Reply<Op> & ReplyHints>;

/**
 * One handler per operation of the contract: a missing handler, or one whose input or reply
 * does not match the contract, fails to compile.
 */
export type HandlerTable = { [Op in OperationId]: Handler<Op> };

/** The operationIds that two or more of `Tables` handle. */
export type OperationsHandledTwice<
  Tables extends readonly object[],
  Seen extends PropertyKey = never,
> = Tables extends readonly [infer First, ...infer Rest extends readonly object[]]
  ? (keyof First & Seen) | OperationsHandledTwice<Rest, Seen | keyof First>
  : never;

type Combined<Tables extends readonly object[]> = Tables extends readonly [
  infer First,
  ...infer Rest extends readonly object[],
]
  ? First & Combined<Rest>
  : unknown;

/**
 * The areas' handler tables as one. An operationId two areas both handle does not compile (the
 * call then wants a second argument, whose type names the operation) and, should a table's type
 * ever be widened, stops the server at start-up: merged by spreading, the later handler would
 * silently replace the earlier.
 * @example export const handlers: HandlerTable = combineHandlerTables([spaceHandlers, siteHandlers]);
 */
export function combineHandlerTables<const Tables extends readonly Partial<HandlerTable>[]>(
  tables: Tables,
  ..._noneHandledTwice: [OperationsHandledTwice<Tables>] extends [never]
    ? []
    : [handledTwice: `${OperationsHandledTwice<Tables> & string} is handled twice`]
): Combined<Tables> {
  const combined: Partial<HandlerTable> = {};
  for (const table of tables) {
    for (const operationId of Object.keys(table)) {
      if (Object.hasOwn(combined, operationId)) {
        throw new Error(`Operation ${operationId} has two handlers; each belongs to one area`);
      }
    }
    Object.assign(combined, table);
  }
  // Every table's operations, each from the one table that has it.
  return combined as Combined<Tables>;
}
