import type { HttpBindings } from '@hono/node-server';
import { getPath } from 'hono/utils/url';
import { credentialKey } from '../caches/credential-keys.js';
import type { RateLimitBucket, RateLimitState, RateLimits } from '../services/rate-limits.js';
import { addAnswerHeaders, takeAnswerHeaders } from './answer-headers.js';
import { credentialOfRequest, headerOfRequest } from './request-headers.js';
import { requestIdOf } from './request-id.js';

type Fetch<Rest extends unknown[]> = (
  request: Request,
  env?: unknown,
  ...rest: Rest
) => Response | Promise<Response>;

// Paths that answer whether the server is up: a load balancer asks them all the time.
const unlimited = new Set(['/healthz', '/readyz']);
// The API's searches (`/v1/spaces/{id}/search`, `/v1/orgs/{id}/search`, …) and a published
// site's (`…/~search`, `…/~search.json`).
const searchPath = /^\/v1\/.*\/search$|\/~search(?:\.json)?$/;
// Questions (`/v1/orgs/{id}/ask`, `…/ask/stream`, `/v1/orgs/{id}/sites/{id}/ask`) and a published
// site's Ask page (`…/~ask`, `…/~ask.stream`).
const askPath = /^\/v1\/orgs\/[^/]+\/(?:sites\/[^/]+\/)?ask(?:\/stream)?$|\/~ask(?:\.stream)?$/;
// Creating an account with an invite link (`/v1/orgs/{id}/invites/{inviteId}/sign-up`).
const signUpPath = /^\/v1\/orgs\/[^/]+\/invites\/[^/]+\/sign-up$/;

/**
 * Which budgets a request counts against, and under whose key: every request against
 * `requests`, searches against `search` too, questions against `ask`, sign-in attempts (single sign-on, sign-ups, and a
 * site URL bringing a visitor token or a share key) against `signIn`, by client address whatever token
 * they bring.
 */
function bucketsOf(request: Request, path: string): RateLimitBucket[] {
  if (path.startsWith('/sso/') || path === '/v1/auth/sign-in' || signUpPath.test(path)) {
    return ['signIn', 'requests'];
  }
  const query = request.url.indexOf('?');
  if (query !== -1 && /[?&](?:jwt_token|share)=/.test(request.url.slice(query))) {
    return ['signIn', 'requests'];
  }
  if (searchPath.test(path)) return ['search', 'requests'];
  return askPath.test(path) ? ['ask', 'requests'] : ['requests'];
}

/**
 * The callers a request's budgets are kept for: its token (hashed), or else its address; sign-in
 * attempts always by address.
 */
function callerKeys(request: Request, env: unknown): { byToken: string; byAddress: string } {
  const address = (env as Partial<HttpBindings> | undefined)?.incoming?.socket.remoteAddress;
  const byAddress = `address:${address ?? 'local'}`;
  const authorization = credentialOfRequest(request, env);
  if (authorization === undefined) return { byToken: byAddress, byAddress };
  return { byToken: credentialKey(authorization), byAddress };
}

/** GitBook's rate limit headers: the budget, what is left of it, and when it is whole again. */
function limitHeaders(state: RateLimitState, nowMs: number): Record<string, string> {
  return {
    'X-RateLimit-Limit': String(state.limit),
    'X-RateLimit-Remaining': String(Math.max(0, state.remaining)),
    'X-RateLimit-Reset': String(Math.ceil((nowMs + state.resetInMs) / 1000)),
  };
}

/**
 * The app's `fetch` with rate limits in front of everything else (the kept answers included):
 * a caller over a budget gets 429 with `Retry-After`, in the error shape; every other answer
 * says, in GitBook's `X-RateLimit-*` headers, where the caller stands in the tightest budget the
 * request counted against.
 */
export function limitRequestRate<Rest extends unknown[]>(
  fetch: Fetch<Rest>,
  limits: RateLimits,
): Fetch<Rest> {
  return async (request, env, ...rest) => {
    const path = getPath(request);
    if (unlimited.has(path)) return fetch(request, env, ...rest);
    let tightest: RateLimitState | undefined;
    const callers = callerKeys(request, env);
    for (const bucket of bucketsOf(request, path)) {
      const key = bucket === 'signIn' ? callers.byAddress : callers.byToken;
      const state = await limits.consume(bucket, key);
      if (state === undefined) continue;
      if (!state.allowed) return tooManyRequests(request, env, bucket, state);
      if (tightest === undefined || state.remaining < tightest.remaining) tightest = state;
    }
    if (tightest === undefined) return fetch(request, env, ...rest);
    addAnswerHeaders(request, limitHeaders(tightest, Date.now()));
    const response = await fetch(request, env, ...rest);
    const untaken = takeAnswerHeaders(request);
    return untaken === undefined ? response : withHeaders(response, untaken);
  };
}

/**
 * The response with more headers, as a new response: one made elsewhere (a proxied fetch's) has
 * headers that cannot change, and the Node server's own responses forget headers set on them
 * once anything reads them again (a clone, a body).
 */
function withHeaders(response: Response, headers: Record<string, string>): Response {
  const answered = new Response(response.body, response);
  for (const [name, value] of Object.entries(headers)) answered.headers.set(name, value);
  return answered;
}

function tooManyRequests(
  request: Request,
  env: unknown,
  bucket: RateLimitBucket,
  state: RateLimitState,
): Response {
  const retryAfter = Math.max(1, Math.ceil(state.resetInMs / 1000));
  const what = {
    requests: 'requests',
    search: 'searches',
    signIn: 'sign-in attempts',
    signInAccount: 'sign-in attempts',
    ask: 'questions',
    askSite: 'questions to this site',
  }[bucket];
  return Response.json(
    {
      error: {
        code: 429,
        message: `Too many ${what}: at most ${state.limit} a minute. Try again in ${retryAfter} s.`,
      },
    },
    {
      status: 429,
      headers: {
        'Retry-After': String(retryAfter),
        'X-Request-Id': requestIdOf(headerOfRequest(request, env, 'x-request-id')),
        'X-Content-Type-Options': 'nosniff',
        ...limitHeaders(state, Date.now()),
      },
    },
  );
}
