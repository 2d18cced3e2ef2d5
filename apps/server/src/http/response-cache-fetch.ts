import { getPath } from 'hono/utils/url';
import type { Logger } from 'pino';
import { type ResponseCache, responseCacheKey } from '../caches/response-cache.js';
import { takeAnswerHeaders } from './answer-headers.js';
import { credentialOfRequest, headerOfRequest } from './request-headers.js';
import { requestIdOf } from './request-id.js';
import { logAnsweredRequest } from './request-logger.js';

type Fetch<Rest extends unknown[]> = (
  request: Request,
  env?: unknown,
  ...rest: Rest
) => Response | Promise<Response>;

/**
 * The app's `fetch` with kept answers in front: a GET whose answer is kept (see `ResponseCache`)
 * is answered at once, under a request id of its own and with its log line, and every other
 * request goes on to `fetch`. Routing, the middleware and the operation take most of a small
 * read's time, and a kept answer needs none of them.
 */
export function answerFromResponseCache<Rest extends unknown[]>(
  fetch: Fetch<Rest>,
  kept: ResponseCache,
  logger: Logger,
): Fetch<Rest> {
  return (request, env, ...rest) => {
    if (request.method !== 'GET') return fetch(request, env, ...rest);
    const startedAt = performance.now();
    const answer = kept.find(responseCacheKey(request.url, credentialOfRequest(request, env)));
    if (answer === undefined) return fetch(request, env, ...rest);
    const requestId = requestIdOf(headerOfRequest(request, env, 'x-request-id'));
    const response = new Response(answer.body, {
      status: answer.status,
      headers: { ...answer.headers, ...takeAnswerHeaders(request), 'x-request-id': requestId },
    });
    logAnsweredRequest(
      logger,
      { requestId, method: 'GET', path: getPath(request), status: answer.status },
      startedAt,
    );
    return response;
  };
}
