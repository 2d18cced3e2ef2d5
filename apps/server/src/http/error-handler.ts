import type { Context, ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { Logger } from 'pino';
import { DomainError, type DomainErrorKind, shorten } from '../errors.js';
import { InvalidPageToken } from '../store/pagination.js';
import type { AppEnv } from './app-env.js';
import { HttpError, RequestAborted } from './http-errors.js';

function errorBody(
  c: Context<AppEnv>,
  status: number,
  message: string,
  headers: Record<string, string> = {},
) {
  for (const [name, value] of Object.entries(headers)) c.header(name, value);
  return c.json({ error: { code: status, message } }, status as 400);
}

/** The status each kind of domain error answers with. */
export const statusOf: Record<DomainErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  'too-large': 413,
  'too-many': 429,
  'upstream-failed': 502,
  'not-ready': 503,
};

/** The headers an answer of a domain error carries beside its body. */
function headersOf(error: DomainError): Record<string, string> {
  if (error.kind === 'unauthenticated') return { 'WWW-Authenticate': 'Bearer realm="quire"' };
  if (
    (error.kind === 'not-ready' || error.kind === 'too-many') &&
    error.retryAfterSeconds !== undefined
  ) {
    return { 'Retry-After': String(error.retryAfterSeconds) };
  }
  return {};
}

/**
 * The one place that writes error bodies: the domain's errors by their kind, HTTP's as thrown, Hono's own HTTP errors with
 * their status, and anything else as a 500 that tells the client nothing of the internals.
 */
export function errorHandler(logger: Logger): ErrorHandler<AppEnv> {
  return function handleError(error, c) {
    if (error instanceof RequestAborted) {
      logger.info({ requestId: c.get('requestId') }, 'request aborted by the client');
    }
    if (error instanceof DomainError) {
      return errorBody(c, statusOf[error.kind], error.message, headersOf(error));
    }
    if (error instanceof HttpError) return errorBody(c, error.status, error.message, error.headers);
    if (error instanceof InvalidPageToken) return errorBody(c, 400, error.message);
    if (error instanceof HTTPException && error.status < 500) {
      return errorBody(c, error.status, error.message || 'Bad request');
    }
    logger.error({ err: error, requestId: c.get('requestId') }, 'unexpected error');
    return errorBody(
      c,
      500,
      'Internal server error; the server log has the details under this request id',
    );
  };
}

/** 404 for a path no operation has. */
export const routeNotFound: NotFoundHandler<AppEnv> = (c) =>
  errorBody(c, 404, `No such route: ${c.req.method} ${shorten(c.req.path, 100)}`);
