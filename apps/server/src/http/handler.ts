import type { Body, OperationId, PathParams, Query, Reply } from '@quire/contract';
import type { AppDeps } from '../deps.js';
import type { Actor } from '../domain/actor.js';

/** Operations that answer without a token; the router checks this list against the spec. */
export const publicOperations = [
  'getApiInformation',
  'listOrganizationSsoProviders',
] as const satisfies readonly OperationId[];
type PublicOperation = (typeof publicOperations)[number];

/** What a handler receives: the validated input of its operation, the caller and the app. */
export interface HandlerInput<Op extends OperationId> {
  params: PathParams<Op>;
  query: Query<Op>;
  body: Body<Op>;
  actor: Op extends PublicOperation ? Actor | null : Actor;
  deps: AppDeps;
}

/** The handler of one operation: answers one of the operation's success replies, or throws. */
export type Handler<Op extends OperationId> = (input: HandlerInput<Op>) => Promise<Reply<Op>>;

/**
 * One handler per operation of the contract: a missing handler, or one whose input or reply
 * does not match the contract, fails to compile.
 */
export type HandlerTable = { [Op in OperationId]: Handler<Op> };
