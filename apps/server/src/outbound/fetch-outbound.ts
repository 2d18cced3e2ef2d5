import { type ClientRequest, request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { shorten } from '../errors.js';
import { serverVersion } from '../version.js';
import { guardedLookup, outboundUrl, refusalOfLiteralAddress } from './address-policy.js';
import { OutboundError, quoteUrl } from './outbound-error.js';

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
  body?: string | Uint8Array;
  /**
   * Reads the final answer's body as it arrives: its status first, then each chunk (the answer
   * then comes back with an empty body). Within the same timeout and size cap.
   */
  stream?: OutboundStream;
  /** Stops the fetch when aborted: its caller no longer wants the answer. */
  signal?: AbortSignal;
}

/** What reads an answer's body as it arrives. */
export interface OutboundStream {
  onStatus(status: number, contentType: string | undefined): void;
  onChunk(chunk: Buffer): void;
}

/** The final answer of an outbound fetch, whatever its status. */
export interface OutboundResponse {
  /** The URL that answered, after redirects. */
  url: string;
  status: number;
  contentType: string | undefined;
  body: Buffer;
}

const redirectStatuses = new Set([301, 302, 303, 307, 308]);

/**
 * Fetches a URL on behalf of a user: http(s) only, every address the server connects to checked
 * (after DNS, at connect time, on every redirect) against private, loopback, link-local, metadata
 * and other non-public ranges, within a total timeout and a body size cap. Non-2xx answers come
 * back with their status; only the failure to get an answer throws an {@link OutboundError}.
 * @example
 * const { status, body } = await fetchOutbound('https://example.com/logo.png', {
 *   allowPrivate: services.outboundAllowPrivate,
 *   maxBytes: services.fileSizeLimit,
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
    stream,
    signal: stopped,
  }: OutboundOptions,
): Promise<OutboundResponse> {
  let target = outboundUrl(url, url);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const stop = () => controller.abort();
  stopped?.addEventListener('abort', stop);
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
            `Fetching ${quoteUrl(url)} failed: more than ${maxRedirects} redirects`,
          );
        }
        const resolved = URL.canParse(location, target.href)
          ? new URL(location, target).href
          : location;
        target = outboundUrl(resolved, url);
        continue;
      }
      stream?.onStatus(status, response.headers['content-type']);
      const body = await readBody(
        request,
        response,
        maxBytes,
        target.href,
        controller.signal,
        stream?.onChunk,
      );
      return {
        url: target.href,
        status,
        contentType: response.headers['content-type'],
        body,
      };
    }
  } catch (error) {
    if (stopped?.aborted) {
      throw new OutboundError('failed', `Fetching ${quoteUrl(url)} was stopped by its caller`);
    }
    if (controller.signal.aborted) {
      throw new OutboundError(
        'timeout',
        `Fetching ${quoteUrl(url)} took longer than ${timeoutMs} ms and was stopped`,
      );
    }
    if (error instanceof OutboundError) throw error;
    throw new OutboundError(
      'failed',
      `Fetching ${quoteUrl(target.href)} failed: ${reasonOf(error, target)}`,
    );
  } finally {
    clearTimeout(timer);
    stopped?.removeEventListener('abort', stop);
  }
}

function send(
  url: URL,
  allowPrivate: boolean,
  signal: AbortSignal,
  {
    method,
    headers,
    body,
  }: {
    method: 'GET' | 'POST';
    headers: Record<string, string>;
    body: string | Uint8Array | undefined;
  },
): Promise<{ request: ClientRequest; response: IncomingMessage }> {
  // Host names are checked as they resolve; an address written in the URL has no lookup.
  const refused = refusalOfLiteralAddress(url, allowPrivate);
  if (refused !== undefined) return Promise.reject(refused);
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
  onChunk?: (chunk: Buffer) => void,
): Promise<Buffer> {
  const tooLarge = () => {
    request.destroy();
    response.destroy();
    return new OutboundError(
      'too-large',
      `The answer of ${quoteUrl(url)} is larger than the limit of ${maxBytes} bytes`,
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
      else if (onChunk !== undefined) onChunk(chunk);
      else chunks.push(chunk);
    });
    response.once('end', () =>
      settle(() =>
        resolve(onChunk === undefined ? Buffer.concat(chunks, received) : Buffer.alloc(0)),
      ),
    );
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
