import type { operations } from './generated/schema.js';

/**
 * Operations the contract describes for receivers, not the server: what Quire sends to a
 * webhook (`webhooks:` of the document).
 */
export type ReceiverOperationId = 'receiveEvent';

/** Every operationId the server answers. */
export type OperationId = Exclude<keyof operations, ReceiverOperationId>;

type Operation<Op extends OperationId> = operations[Op];

type JsonContent<T> = T extends { content: { 'application/json': infer Body } } ? Body : undefined;

/** The schema of each event of a `text/event-stream` answer, or `undefined` for other answers. */
type EventStreamContent<T> = T extends { content: { 'text/event-stream': infer Event } }
  ? Event
  : undefined;

/**
 * Path parameters of an operation, or `Record<string, never>` when it has none.
 * @example type P = PathParams<'getSpaceById'>; // { spaceId: string }
 */
export type PathParams<Op extends OperationId> = Operation<Op>['parameters'] extends {
  path: infer Params extends object;
}
  ? Params
  : Record<string, never>;

/**
 * Query parameters of an operation after validation (defaults applied), or `{}` when it has none.
 * @example type Q = Query<'listSpacesInOrganizationById'>; // { page?: string; limit?: number }
 */
export type Query<Op extends OperationId> = Operation<Op>['parameters'] extends {
  query?: infer Params;
}
  ? NonNullable<Params> extends never
    ? Record<string, never>
    : NonNullable<Params>
  : Record<string, never>;

/**
 * JSON request body of an operation, or `undefined` when it takes none.
 * @example type B = Body<'updateSpaceById'>; // { title?: string; … }
 */
export type Body<Op extends OperationId> = Operation<Op>['requestBody'] extends infer RequestBody
  ? JsonContent<NonNullable<RequestBody>>
  : undefined;

/** The responses of an operation, keyed by status code. */
export type Responses<Op extends OperationId> = Operation<Op>['responses'];

/** Status codes the contract gives an operation. */
export type StatusCode<Op extends OperationId> = Extract<keyof Responses<Op>, number>;

/** 2xx status codes of an operation. */
export type SuccessStatus<Op extends OperationId> = Extract<
  StatusCode<Op>,
  200 | 201 | 202 | 203 | 204 | 205 | 206
>;

/**
 * The JSON body of an operation's response for one status (`undefined` for bodiless ones).
 * @example type S = ResponseBody<'getSpaceById', 200>; // Space
 */
export type ResponseBody<Op extends OperationId, Status extends StatusCode<Op>> = JsonContent<
  Responses<Op>[Status]
>;

/**
 * The events of an operation's server-sent events answer for one status (`undefined` for others).
 * @example type E = ResponseEvent<'streamAskInOrganization', 200>; // SearchAIAnswerStream
 */
export type ResponseEvent<
  Op extends OperationId,
  Status extends StatusCode<Op>,
> = EventStreamContent<Responses<Op>[Status]>;

/**
 * What a handler answers: one of the operation's success statuses with its body, or with the
 * events of a server-sent events answer. Errors are thrown, not returned; an error met while
 * the events are sent ends the stream with an `error` event.
 * @example const reply: Reply<'createSpace'> = { status: 201, body: space, headers: { Location } };
 */
export type Reply<Op extends OperationId> = {
  [Status in SuccessStatus<Op>]: ResponseEvent<Op, Status> extends undefined
    ? ResponseBody<Op, Status> extends undefined
      ? { status: Status; body?: undefined; headers?: Record<string, string> }
      : { status: Status; body: ResponseBody<Op, Status>; headers?: Record<string, string> }
    : {
        status: Status;
        events: AsyncIterable<ResponseEvent<Op, Status>>;
        headers?: Record<string, string>;
      };
}[SuccessStatus<Op>];
