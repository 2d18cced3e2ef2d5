import { STATUS_CODES } from 'node:http';
import type { GitHttpRequest, GitHttpResponse, HttpClient } from 'isomorphic-git';
import { fetchOutbound } from './fetch-outbound.js';

/** How a Git remote may be reached: the guard's settings for every request of a clone or push. */
export interface GitHttpOptions {
  allowPrivate: boolean;
  /** Time for each request; a pack of a large repository is one request. */
  timeoutMs: number;
  /** Largest answer of one request (the pack a fetch downloads). */
  maxBytes: number;
}

/**
 * The HTTP client isomorphic-git talks to remotes with, made of the outbound guard: every request
 * of a fetch or push is checked like any other outbound fetch (addresses after DNS, redirects,
 * timeout, size). Git's smart protocol is plain GETs and POSTs of whole bodies, so requests and
 * answers are gathered into buffers.
 */
export function gitHttpClient(options: GitHttpOptions): HttpClient {
  return {
    async request(request: GitHttpRequest): Promise<GitHttpResponse> {
      const method = request.method === 'POST' ? 'POST' : 'GET';
      const body = request.body === undefined ? undefined : await gather(request.body);
      const answer = await fetchOutbound(request.url, {
        allowPrivate: options.allowPrivate,
        timeoutMs: options.timeoutMs,
        maxBytes: options.maxBytes,
        method,
        headers: request.headers ?? {},
        ...(body === undefined ? {} : { body }),
      });
      return {
        url: answer.url,
        method,
        statusCode: answer.status,
        statusMessage: STATUS_CODES[answer.status] ?? '',
        headers: answer.contentType === undefined ? {} : { 'content-type': answer.contentType },
        body: once(answer.body),
      };
    },
  };
}

async function gather(chunks: AsyncIterableIterator<Uint8Array>): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  return Buffer.concat(parts);
}

async function* once(bytes: Uint8Array): AsyncIterableIterator<Uint8Array> {
  yield bytes;
}
