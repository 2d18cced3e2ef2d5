import { lookup as lookupHost } from 'node:dns';
import { type ClientRequest, request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { shorten } from '../errors.js';
import { serverVersion } from '../version.js';

/** How one outbound fetch may go. */
export interface OutboundOptions {
  /** Lets fetches reach private and loopback addresses; cloud metadata stays closed. */
  allowPrivate: boolean;
  /** Time for the whole fetch, redirects and body included; 10 000 ms unless given. */
  timeoutMs?: number;
  /** Largest body in bytes; 10 MiB unless given. */
  maxBytes?: number;
  /** Redirects followed before giving up; 5 unless given. With 0, a redirect is the answer. */
  maxRedirects?: number;
  /** `GET` unless given; a `POST` sends `body`. */
  method?: 'GET' | 'POST';
  /** Headers sent besides the server's own (`User-Agent`, `Accept`). */
  headers?: Record<string, string>;
  body?: string;
}

/** The final answer of an outbound fetch, whatever its status. */
export interface OutboundResponse {
  /** The URL that answered, after redirects. */
  url: string;
  status: number;
  contentType: string | undefined;
  body: Buffer;
}

/** Why an outbound fetch did not get an answer. */
export type OutboundErrorCode = 'bad-url' | 'blocked' | 'timeout' | 'too-large' | 'failed';

/** An outbound fetch that did not get an answer; the message says why, for a person. */
export class OutboundError extends Error {
  override readonly name = 'OutboundError';

  constructor(
    readonly code: OutboundErrorCode,
    message: string,
  ) {
    super(message);
  }
}

// Instance metadata services hand out the machine's cloud credentials, so they stay closed even
// when private addresses are allowed: AWS (IPv4 and IPv6), ECS and EKS task credentials, Alibaba.
// Google, Azure, Oracle and DigitalOcean answer on 169.254.169.254 too.
const cloudMetadataAddresses = new Set(
  [
    '169.254.169.254',
    '169.254.170.2',
    '169.254.170.23',
    '100.100.100.200',
    'fd00:ec2::254',
    'fd00:ec2::23',
  ].map((address) => ipaddr.parse(address).toNormalizedString()),
);

const redirectStatuses = new Set([301, 302, 303, 307, 308]);

/**
 * Fetches a URL on behalf of a user: http(s) only, every address the server connects to checked
 * (after DNS, at connect time, on every redirect) against private, loopback, link-local, metadata
 * and other non-public ranges, within a total timeout and a body size cap. Non-2xx answers come
 * back with their status; only the failure to get an answer throws an {@link OutboundError}.
 * @example
 * const { status, body } = await fetchOutbound('https://example.com/logo.png', {
 *   allowPrivate: deps.outboundAllowPrivate,
 *   maxBytes: deps.fileSizeLimit,
 * });
 */
export async function fetchOutbound(
  url: string,
  {
    allowPrivate,
    timeoutMs = 10_000,
    maxBytes = 10 * 1024 * 1024,
    maxRedirects = 5,
    method = 'GET',
    headers = {},
    body: requestBody,
  }: OutboundOptions,
): Promise<OutboundResponse> {
  let target = outboundUrl(url, url);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    for (let redirects = 0; ; redirects += 1) {
      const { request, response } = await send(target, allowPrivate, controller.signal, {
        method,
        headers,
        body: requestBody,
      });
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (redirectStatuses.has(status) && location !== undefined && maxRedirects > 0) {
        request.destroy();
        if (redirects >= maxRedirects) {
          throw new OutboundError(
            'failed',
            `Fetching ${quote(url)} failed: more than ${maxRedirects} redirects`,
          );
        }
        const resolved = URL.canParse(location, target.href)
          ? new URL(location, target).href
          : location;
        target = outboundUrl(resolved, url);
        continue;
      }
      const body = await readBody(request, response, maxBytes, target.href, controller.signal);
      return {
        url: target.href,
        status,
        contentType: response.headers['content-type'],
        body,
      };
    }
  } catch (error) {
    if (controller.signal.aborted) {
      throw new OutboundError(
        'timeout',
        `Fetching ${quote(url)} took longer than ${timeoutMs} ms and was stopped`,
      );
    }
    if (error instanceof OutboundError) throw error;
    throw new OutboundError(
      'failed',
      `Fetching ${quote(target.href)} failed: ${reasonOf(error, target)}`,
    );
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Checks, before it is stored, a URL the server will fetch later (a webhook's): what
 * {@link fetchOutbound} refuses without a DNS lookup (scheme, credentials, an address written in
 * the URL). Answers why not, for a person, or `undefined` when it may be fetched.
 * @example checkOutboundUrl('http://127.0.0.1/hook', false); // 'Refused to fetch …: 127.0.0.1 is not a public address (loopback); …'
 */
export function checkOutboundUrl(url: string, allowPrivate: boolean): string | undefined {
  try {
    const parsed = outboundUrl(url, url);
    const literal = parsed.hostname.replace(/^\[(.*)\]$/, '$1');
    const refused = isIP(literal) === 0 ? undefined : refusalOf(literal, allowPrivate);
    return refused === undefined ? undefined : refuse(parsed, `${literal} is ${refused}`).message;
  } catch (error) {
    return error instanceof OutboundError ? error.message : String(error);
  }
}

/** Parses and checks one URL of a fetch (the first, or a redirect's target). */
function outboundUrl(candidate: string, requested: string): URL {
  if (!URL.canParse(candidate)) {
    throw new OutboundError('bad-url', `${quote(candidate)} is not an absolute URL`);
  }
  const url = new URL(candidate);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    const redirected = candidate === requested ? '' : ` (a redirect of ${quote(requested)})`;
    throw new OutboundError(
      'bad-url',
      `Only http and https URLs can be fetched; ${quote(candidate)}${redirected} is ${url.protocol.slice(0, -1)}`,
    );
  }
  if (url.username !== '' || url.password !== '') {
    throw new OutboundError(
      'bad-url',
      'URLs to fetch must not carry a user name or password; the server sends no credentials',
    );
  }
  return url;
}

/**
 * What is wrong with connecting to `address` ("not a public address (loopback)"), or `undefined`
 * when the server may. IPv4-mapped IPv6 addresses (`::ffff:127.0.0.1`) are judged as the IPv4
 * address they reach.
 */
function refusalOf(address: string, allowPrivate: boolean): string | undefined {
  if (!ipaddr.isValid(address)) return 'not an IP address';
  const parsed = ipaddr.process(address);
  if (cloudMetadataAddresses.has(parsed.toNormalizedString())) {
    return 'a cloud metadata address, which is never fetched';
  }
  if (allowPrivate) return undefined;
  const range = parsed.range();
  return range === 'unicast'
    ? undefined
    : `not a public address (${range}); only public internet addresses may be fetched`;
}

function refuse(url: URL, reason: string): OutboundError {
  return new OutboundError('blocked', `Refused to fetch ${quote(url.href)}: ${reason}`);
}

/**
 * Resolves a host name and checks every address it resolves to before the socket connects, so
 * the address checked is the address used: a name that resolves to a public address first and
 * a private one later (DNS rebinding) is caught when it matters.
 */
function guardedLookup(url: URL, allowPrivate: boolean): LookupFunction {
  return function lookupPublicAddress(hostname, options, callback) {
    lookupHost(hostname, { ...options, all: true }, (error, addresses) => {
      if (error !== null) return callback(error, '');
      for (const { address } of addresses) {
        const refused = refusalOf(address, allowPrivate);
        if (refused !== undefined) {
          return callback(refuse(url, `${hostname} resolves to ${address}, ${refused}`), '');
        }
      }
      const [first] = addresses;
      if (first === undefined) return callback(notFound(), '');
      if (options.all === true) return callback(null, addresses);
      callback(null, first.address, first.family);
    });
  };
}

function notFound(): NodeJS.ErrnoException {
  return Object.assign(new Error('the host has no address'), { code: 'ENOTFOUND' });
}

function send(
  url: URL,
  allowPrivate: boolean,
  signal: AbortSignal,
  {
    method,
    headers,
    body,
  }: { method: 'GET' | 'POST'; headers: Record<string, string>; body: string | undefined },
): Promise<{ request: ClientRequest; response: IncomingMessage }> {
  // Host names are checked as they resolve; an address written in the URL has no lookup.
  const literal = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (isIP(literal) !== 0) {
    const refused = refusalOf(literal, allowPrivate);
    if (refused !== undefined) return Promise.reject(refuse(url, `${literal} is ${refused}`));
  }
  return new Promise((resolve, reject) => {
    const request = (url.protocol === 'https:' ? httpsRequest : httpRequest)(url, {
      method,
      // A connection of its own per request: no pooled socket outlives the checks made for it.
      agent: false,
      lookup: guardedLookup(url, allowPrivate),
      signal,
      headers: {
        'User-Agent': `Quire/${serverVersion.version}`,
        Accept: '*/*',
        // Bodies are used as they arrive, so ask for them unencoded.
        'Accept-Encoding': 'identity',
        ...headers,
      },
    });
    request.once('response', (response) => resolve({ request, response }));
    request.on('error', reject);
    request.end(body);
  });
}

function readBody(
  request: ClientRequest,
  response: IncomingMessage,
  maxBytes: number,
  url: string,
  signal: AbortSignal,
): Promise<Buffer> {
  const tooLarge = () => {
    request.destroy();
    response.destroy();
    return new OutboundError(
      'too-large',
      `The answer of ${quote(url)} is larger than the limit of ${maxBytes} bytes`,
    );
  };
  const announced = Number(response.headers['content-length']);
  if (Number.isFinite(announced) && announced > maxBytes) return Promise.reject(tooLarge());

  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    let settled = false;
    const settle = (finish: () => void) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', onAbort);
      finish();
    };
    const onAbort = () => settle(() => reject(new Error('stopped')));
    signal.addEventListener('abort', onAbort);
    response.on('data', (chunk: Buffer) => {
      received += chunk.byteLength;
      if (received > maxBytes) settle(() => reject(tooLarge()));
      else chunks.push(chunk);
    });
    response.once('end', () => settle(() => resolve(Buffer.concat(chunks, received))));
    response.on('error', (error) => settle(() => reject(error)));
    response.once('close', () =>
      settle(() => reject(new Error('the connection closed before the whole answer arrived'))),
    );
  });
}

function reasonOf(error: unknown, url: URL): string {
  if (!(error instanceof Error)) return String(error);
  const code = 'code' in error && typeof error.code === 'string' ? error.code : undefined;
  if (code === 'ENOTFOUND') return `the host ${shorten(url.hostname, 100)} was not found`;
  if (code === 'ECONNREFUSED') return 'the connection was refused';
  if (code === 'ECONNRESET') return 'the connection was reset';
  return shorten(error.message, 200);
}

/** A URL as messages show it: at most its first 100 characters, never a password it carries. */
function quote(url: string): string {
  if (!URL.canParse(url)) return shorten(url, 100);
  const parsed = new URL(url);
  if (parsed.username === '' && parsed.password === '') return shorten(url, 100);
  parsed.username = '';
  parsed.password = '';
  return shorten(parsed.href, 100);
}
