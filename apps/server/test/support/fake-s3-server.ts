import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

/** An S3-compatible server in memory on 127.0.0.1, answering path-style object requests. */
export interface FakeS3Server {
  /** `http://127.0.0.1:<port>`, the endpoint to give the SDK (with `forcePathStyle: true`). */
  endpoint: string;
  /** The stored objects by `bucket/key`, for tests that look at what was written. */
  objects: Map<string, Uint8Array>;
  /** How many requests of each method arrived. */
  requests: Record<string, number>;
  close(): Promise<void>;
}

/**
 * Starts a small S3 stand-in: PUT, GET (with `Range` → 206, or 416 past the end) and HEAD of
 * objects in the given buckets, with S3's error XML (`NoSuchKey`, `NoSuchBucket`, `InvalidRange`,
 * `BadDigest`) and a body-less 404 for HEAD, as S3 answers.
 * @example const s3 = await startFakeS3Server(['quire-test']); … await s3.close();
 */
export async function startFakeS3Server(buckets: readonly string[]): Promise<FakeS3Server> {
  const objects = new Map<string, Uint8Array>();
  const requests: Record<string, number> = {};
  const server = createServer((request, response) => {
    const method = request.method ?? 'GET';
    requests[method] = (requests[method] ?? 0) + 1;
    answer(request, response, buckets, objects).catch((error: unknown) => {
      sendError(response, request, 500, 'InternalError', String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('Expected a TCP address');
  const { port } = address;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

async function answer(
  request: IncomingMessage,
  response: ServerResponse,
  buckets: readonly string[],
  objects: Map<string, Uint8Array>,
): Promise<void> {
  const { pathname } = new URL(request.url ?? '/', 'http://s3.local');
  const [, bucket = '', ...keyParts] = pathname.split('/');
  const key = keyParts.map(decodeURIComponent).join('/');
  const body = await readBody(request);
  if (!buckets.includes(bucket)) {
    return sendError(response, request, 404, 'NoSuchBucket', 'The specified bucket does not exist');
  }
  const name = `${bucket}/${key}`;

  if (request.method === 'PUT') {
    const declared = request.headers['x-amz-checksum-sha256'];
    const actual = createHash('sha256').update(body).digest('base64');
    if (typeof declared === 'string' && declared !== actual) {
      return sendError(
        response,
        request,
        400,
        'BadDigest',
        'The SHA256 you specified did not match the calculated checksum.',
      );
    }
    objects.set(name, body);
    response.writeHead(200, { ...commonHeaders(), ETag: etagOf(body) }).end();
    return;
  }
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return sendError(
      response,
      request,
      405,
      'MethodNotAllowed',
      'The specified method is not allowed against this resource.',
    );
  }
  const stored = objects.get(name);
  if (stored === undefined) {
    return sendError(response, request, 404, 'NoSuchKey', 'The specified key does not exist.');
  }
  const headers = {
    ...commonHeaders(),
    'Content-Type': 'application/octet-stream',
    'Accept-Ranges': 'bytes',
    ETag: etagOf(stored),
    'Last-Modified': new Date(0).toUTCString(),
  };
  const range = request.headers.range;
  if (range === undefined || request.method === 'HEAD') {
    response.writeHead(200, { ...headers, 'Content-Length': stored.byteLength });
    response.end(request.method === 'HEAD' ? undefined : stored);
    return;
  }
  const bounds = parseRange(range, stored.byteLength);
  if (bounds === undefined) {
    return sendError(
      response,
      request,
      416,
      'InvalidRange',
      'The requested range is not satisfiable',
      {
        'Content-Range': `bytes */${stored.byteLength}`,
      },
    );
  }
  const part = stored.subarray(bounds.start, bounds.end + 1);
  response.writeHead(206, {
    ...headers,
    'Content-Length': part.byteLength,
    'Content-Range': `bytes ${bounds.start}-${bounds.end}/${stored.byteLength}`,
  });
  response.end(part);
}

function parseRange(header: string, size: number): { start: number; end: number } | undefined {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header);
  if (match === null || (match[1] === '' && match[2] === '')) return undefined;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    return suffix === 0 || size === 0
      ? undefined
      : { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  return start >= size || end < start ? undefined : { start, end };
}

function sendError(
  response: ServerResponse,
  request: IncomingMessage,
  status: number,
  code: string,
  message: string,
  extraHeaders: Record<string, string> = {},
): void {
  const requestId = randomBytes(8).toString('hex').toUpperCase();
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message><Resource>${escapeXml(request.url ?? '')}</Resource><RequestId>${requestId}</RequestId></Error>`;
  response.writeHead(status, {
    ...commonHeaders(),
    ...extraHeaders,
    'x-amz-request-id': requestId,
    'Content-Type': 'application/xml',
    'Content-Length': Buffer.byteLength(xml),
  });
  // HEAD answers carry no body, so the SDK only has the status to go by (it names it NotFound).
  response.end(request.method === 'HEAD' ? undefined : xml);
}

function commonHeaders(): Record<string, string> {
  return { 'x-amz-id-2': randomBytes(12).toString('base64'), Server: 'AmazonS3' };
}

function etagOf(bytes: Uint8Array): string {
  return `"${createHash('md5').update(bytes).digest('hex')}"`;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

function readBody(request: IncomingMessage): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    request.on('error', reject);
  });
}
