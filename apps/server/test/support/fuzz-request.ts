import fc from 'fast-check';

/**
 * One generated request, as plain data so that fast-check prints a counterexample anyone can
 * read and replay with curl.
 */
export interface FuzzRequest {
  operationId: string;
  /** Who sends it: `admin`, `reader`, `outsider`, `anonymous` or `bad token`. */
  caller: string;
  /** Whether its Authorization header names a user. */
  authenticated: boolean;
  /** How the request was made: `valid`, or each thing the generator broke. */
  notes: string[];
  /** Whether the request breaks the contract's schemas, so that only a 4xx is a right answer. */
  breaksContract: boolean;
  method: string;
  /** Path and query string, percent-encoded: `/v1/spaces/abc?limit=2`. */
  target: string;
  headers: Record<string, string>;
  /** The body as sent; `undefined` sends none. */
  body: string | undefined;
}

const encoder = new TextEncoder();

/** The `Request` a fuzz request stands for, against `baseUrl`. */
export function toRequest(request: FuzzRequest, baseUrl: string): Request {
  return new Request(`${baseUrl}${request.target}`, {
    method: request.method,
    headers: request.headers,
    // Bytes rather than a string, so that no Content-Type is added behind the request's back.
    ...(request.body === undefined ? {} : { body: encoder.encode(request.body) }),
  });
}

/** The request as an HTTP message, long bodies cut, for failure messages. */
export function describeRequest(request: FuzzRequest): string {
  const headers = Object.entries(request.headers).map(([name, value]) => `${name}: ${value}`);
  const body = request.body === undefined ? [] : ['', cut(request.body, 600)];
  return [`${request.method} ${cut(request.target, 300)}`, ...headers, ...body].join('\n');
}

/**
 * The request, printing in fast-check's counterexample line with long targets and bodies cut, so
 * that a 64 KiB body does not bury the rest.
 */
export function withShortPrint(request: FuzzRequest): FuzzRequest {
  const short = {
    ...request,
    target: cut(request.target, 300),
    body: request.body === undefined ? undefined : cut(request.body, 600),
  };
  return Object.assign(request, { [fc.toStringMethod]: () => JSON.stringify(short) });
}

function cut(text: string, length: number): string {
  return text.length <= length ? text : `${text.slice(0, length)}… (${text.length} characters)`;
}
