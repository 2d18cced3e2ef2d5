import { type OpenApiDocument, type OperationId, siteReaderOperations } from '@quire/contract';
import type { Context, Hono } from 'hono';
import { jsonBodyOf } from '../caches/json-text-cache.js';
import {
  type CachedResponse,
  type ResponseCache,
  responseCacheKey,
} from '../caches/response-cache.js';
import { isSiteReader } from '../domain/actor.js';
import type { AppServices } from '../services/app-services.js';
import { takeAnswerHeaders } from './answer-headers.js';
import { apiHeaders } from './api-headers.js';
import type { AppEnv } from './app-env.js';
import { authenticate } from './authenticate.js';
import { inputValidatorsFor } from './compiled-validators.js';
import { answerEventStream, type EventStreamReply } from './event-stream-answer.js';
import type { HandlerTable, ReplyHints } from './handler.js';
import { methodNotAllowed } from './http-errors.js';
import { listPagingFor } from './list-pages.js';
import { operationRoutes } from './operations.js';
import { createPageTokens } from './page-tokens.js';
import { requestBodyLimit } from './request-body-limit.js';
import { credentialOfRequest } from './request-headers.js';
import { type InputValidators, readPathAndQuery, readValidatedBody } from './request-input.js';

interface AnyReply extends ReplyHints {
  status: number;
  body?: unknown;
  events?: AsyncIterable<unknown>;
  headers?: Record<string, string>;
}
type AnyHandler = (input: unknown) => Promise<AnyReply>;

/**
 * Mounts every operation of the contract on the app: limit the body (where the operation takes
 * one) → authenticate (unless the operation is public) → validate input → open the page token →
 * handler → seal the next page token → reply. Paths that exist but not with the request's method
 * answer 405. Throws at start-up when the spec and the handler table disagree. With
 * `responseCache`, the answers of reads that are the same until the database changes are kept
 * there, for `answerFromResponseCache` to answer again.
 */
export function mountOperations(
  app: Hono<AppEnv>,
  document: OpenApiDocument,
  handlers: HandlerTable,
  services: AppServices,
  responseCache?: ResponseCache,
): void {
  const routes = operationRoutes(document);
  const pageTokens = createPageTokens(services.keys.pageTokenKey);
  const siteReaderOperationIds = new Set<string>(siteReaderOperations);
  const limitBody = requestBodyLimit(services.requestBodyLimit);
  // Cross-origin headers are set on the context before an answer exists; only without them may
  // an answer be built whole (see `answerWhole`).
  const whole = services.corsOrigins === undefined;
  // Kept answers carry no cross-origin headers, which depend on the request's origin.
  const kept = whole ? responseCache : undefined;

  for (const route of routes) {
    const handler = handlerFor(handlers, route.operationId);
    const paging = listPagingFor(route, pageTokens);
    // Compiled on the operation's first request, then kept: compiling every operation when the
    // server starts would hold its start back by over a second.
    let validators: InputValidators | undefined;
    const keeps = kept !== undefined && route.method === 'get';
    const readsPublished = siteReaderOperationIds.has(route.operationId);
    const answer = async (c: Context<AppEnv>) => {
      // Taken before anything is read: a change committed meanwhile makes the answer stale.
      const version = keeps ? kept.version() : undefined;
      const actor = route.isPublic
        ? null
        : {
            ...(await authenticate(c, services, { readers: readsPublished })),
            requestId: c.get('requestId'),
          };
      validators ??= inputValidatorsFor(document, route);
      const input = {
        ...readPathAndQuery(c, validators),
        body:
          route.requestBody === undefined
            ? undefined
            : await readValidatedBody(c, route, validators),
      };
      paging?.open(input);
      const request = { id: c.get('requestId'), userAgent: c.req.header('user-agent') };
      const reply = await handler({ ...input, actor, services, request });
      if (isEventStream(reply)) return answerEventStream(c, reply, services.logger);
      paging?.seal(input, reply.body);
      if (!whole) return answerThroughContext(c, reply);
      const sent = wholeAnswer(reply);
      // A reader token expires: what it reads is never kept past the check of its expiry.
      const keepable = actor === null || !isSiteReader(actor);
      if (version !== undefined && keepable && reply.sameUntilDatabaseChanges === true) {
        kept?.keep(
          responseCacheKey(c.req.url, credentialOfRequest(c.req.raw, c.env)),
          version,
          sent,
        );
      }
      return answerWhole(c, sent);
    };
    // Only operations that read a body limit it: the others never read one, and their contract
    // has no 413 to answer with.
    if (route.requestBody === undefined)
      app.on(route.method.toUpperCase(), route.routePath, answer);
    else app.on(route.method.toUpperCase(), route.routePath, limitBody, answer);
  }

  const methodsByPath = new Map<string, string[]>();
  for (const route of routes) {
    methodsByPath.set(route.routePath, [
      ...(methodsByPath.get(route.routePath) ?? []),
      route.method.toUpperCase(),
    ]);
  }
  for (const [routePath, allowed] of methodsByPath) {
    app.all(routePath, () => {
      throw methodNotAllowed(allowed);
    });
  }
}

function isEventStream(reply: AnyReply): reply is EventStreamReply {
  return reply.events !== undefined;
}

function handlerFor(handlers: HandlerTable, operationId: string): AnyHandler {
  if (!isOperationId(handlers, operationId)) {
    throw new Error(`The spec has operation ${operationId} but no handler is registered for it`);
  }
  // The table is typed per operation; at run time one handler serves whatever the validators let
  // through, and the validators check exactly the schemas the handler's types come from.
  return handlers[operationId] as AnyHandler;
}

function isOperationId(handlers: HandlerTable, operationId: string): operationId is OperationId {
  return Object.hasOwn(handlers, operationId);
}

/** A reply as it is sent, with the API headers and its JSON, but for the request id. */
function wholeAnswer(reply: AnyReply): CachedResponse {
  const headers: Record<string, string> = { ...apiHeaders };
  for (const [name, value] of Object.entries(reply.headers ?? {})) {
    headers[name.toLowerCase()] = value;
  }
  if (reply.body === undefined) return { status: reply.status, headers, body: null };
  headers['content-type'] = 'application/json';
  return { status: reply.status, headers, body: jsonBodyOf(reply.body) };
}

/**
 * The answer built whole, its headers and the request id in a plain object: the Node adapter
 * writes such an answer straight to the socket, where headers set on the context would make it
 * build a Fetch `Headers` and a full Response first. It takes the headers asked of every answer
 * (the rate limits'), which would otherwise be set on a copy of it, body and all.
 */
function answerWhole(c: Context<AppEnv>, { status, headers, body }: CachedResponse): Response {
  c.set('headersWritten', true);
  return new Response(body, {
    status,
    headers: { ...headers, ...takeAnswerHeaders(c.req.raw), 'x-request-id': c.get('requestId') },
  });
}

/** The answer through the context, keeping the headers middleware set on it before. */
function answerThroughContext(c: Context<AppEnv>, reply: AnyReply): Response {
  for (const [name, value] of Object.entries(reply.headers ?? {})) c.header(name, value);
  if (reply.body === undefined) return c.body(null, reply.status as 204);
  return c.json(reply.body, reply.status as 200);
}
