import { fetchOutbound } from './fetch-outbound.js';

/** What a library hands a `fetch` it was given. */
export interface FetchInit {
  method?: string;
  headers?: Record<string, string> | Headers;
  body?: string | URLSearchParams | Uint8Array | ArrayBuffer | ReadableStream | null;
  redirect?: string;
  signal?: AbortSignal | null;
}

/** The bytes of a body: OAuth sends forms and JSON; a stream is read whole (within the cap). */
async function bytesOf(body: NonNullable<FetchInit['body']>): Promise<string | Uint8Array> {
  if (typeof body === 'string') return body;
  if (body instanceof URLSearchParams) return body.toString();
  if (body instanceof Uint8Array) return body;
  if (body instanceof ArrayBuffer) return new Uint8Array(body);
  const chunks: Uint8Array[] = [];
  for await (const chunk of body as AsyncIterable<Uint8Array>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/**
 * The outbound guard behind the `fetch` signature, for a library that takes a fetch of its own
 * (an OpenID Connect client): every address checked, a total timeout, a body cap. Redirects are
 * answered as they come, as `redirect: 'manual'` asks; the library decides.
 * @example const fetch = guardedFetch({ allowPrivate: services.outboundAllowPrivate });
 */
export function guardedFetch({
  allowPrivate,
  maxBytes = 1024 * 1024,
}: {
  allowPrivate: boolean;
  maxBytes?: number;
}): (url: string, init: FetchInit) => Promise<Response> {
  return async (url, init) => {
    const method = (init.method ?? 'GET').toUpperCase();
    if (method !== 'GET' && method !== 'POST') {
      throw new TypeError(`The outbound guard sends GET and POST, not ${method}`);
    }
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, name) => {
      headers[name] = value;
    });
    const body =
      init.body === undefined || init.body === null ? undefined : await bytesOf(init.body);
    const answer = await fetchOutbound(url, {
      allowPrivate,
      maxBytes,
      maxRedirects: 0,
      method,
      headers,
      ...(body === undefined ? {} : { body }),
      ...(init.signal ? { signal: init.signal } : {}),
    });
    return new Response(answer.body.length === 0 ? null : new Uint8Array(answer.body), {
      status: answer.status,
      headers: answer.contentType === undefined ? {} : { 'content-type': answer.contentType },
    });
  };
}
