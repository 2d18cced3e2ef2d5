import type { Server } from 'node:http';
import { connect } from 'node:net';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.js';
import { listen } from '../src/http/listen.js';
import { startTestServer, type TestServer, type TestUser } from './support/test-server.js';

interface LogLine {
  level: number;
  msg: string;
  [key: string]: unknown;
}

/** Sends bytes on a fresh connection and answers everything the server writes back. */
function exchange(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.on('error', reject);
  });
}

/** Splits a raw HTTP/1.1 answer into its status, headers (lower-cased names) and body. */
function parseAnswer(raw: string) {
  const [head = '', body = ''] = raw.split('\r\n\r\n');
  const [statusLine = '', ...headerLines] = head.split('\r\n');
  const headers = new Map(
    headerLines.map((line) => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()] as const;
    }),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, body };
}

describe('requests the HTTP parser refuses, and clients that hang up', () => {
  let server: TestServer;
  let admin: TestUser;
  let http: Server;
  let port: number;
  const lines: LogLine[] = [];

  beforeAll(async () => {
    server = await startTestServer();
    admin = await server.createUser();
    const destination = new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(String(chunk)) as LogLine);
        done();
      },
    });
    const logger = pino({ level: 'info' }, destination);
    const app = createApp({ ...server.services, logger });
    await new Promise<void>((resolve) => {
      http = listen(app, { port: 0, host: '127.0.0.1' }, logger, (info) => {
        port = info.port;
        resolve();
      });
    });
  });
  afterAll(async () => {
    await new Promise((resolve) => http.close(resolve));
    await server.close();
  });

  const expectErrorShape = (raw: string, status: number, message: RegExp) => {
    const answer = parseAnswer(raw);
    expect(answer.status, raw.slice(0, 200)).toBe(status);
    expect(answer.headers.get('content-type')).toBe('application/json');
    expect(answer.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    const body = JSON.parse(answer.body) as { error: { code: number; message: string } };
    expect(body.error.code).toBe(status);
    expect(body.error.message).toMatch(message);
    expect(Number(answer.headers.get('content-length'))).toBe(Buffer.byteLength(answer.body));
    return answer.headers.get('x-request-id');
  };

  it('answers a malformed request line in the error shape', async () => {
    expectErrorShape(await exchange(port, 'HELLO THERE\r\n\r\n'), 400, /unknown HTTP method/);
    expectErrorShape(
      await exchange(port, 'GET /v1/ FTP/9\r\nHost: x\r\n\r\n'),
      400,
      /not valid HTTP/,
    );
  });

  it('answers malformed headers in the error shape, and logs the request id', async () => {
    const requestId = expectErrorShape(
      await exchange(port, 'GET /v1/ HTTP/1.1\r\nHost: x\r\nBad Header: y\r\n\r\n'),
      400,
      /header is malformed/,
    );
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: 30,
        requestId,
        status: 400,
        parserError: expect.any(String),
      }),
    );
    expectErrorShape(
      await exchange(port, 'POST /v1/orgs HTTP/1.1\r\nHost: x\r\nContent-Length: ten\r\n\r\n'),
      400,
      /Content-Length/,
    );
  });

  it('answers an oversized URL or oversized headers with 431 in the error shape', async () => {
    const longUrl = `GET /v1/${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`;
    expectErrorShape(await exchange(port, longUrl), 431, /too large/);
    // Read by the parser, but no URL: a Host that is not a host.
    for (const host of ['exa mple.com', 'example.com/path', 'a@b']) {
      expectErrorShape(
        await exchange(port, `GET /v1/ HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`),
        400,
        /Host header or URL is not valid/,
      );
    }
    const longHeader = `GET /v1/ HTTP/1.1\r\nHost: x\r\nX-Big: ${'b'.repeat(20_000)}\r\n\r\n`;
    expectErrorShape(await exchange(port, longHeader), 431, /too large/);
  });

  it('still answers well-formed requests on the same server', async () => {
    const answer = parseAnswer(
      await exchange(port, 'GET /v1/ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'),
    );
    expect(answer.status).toBe(200);
  });

  it('reads the token and the request id from the headers Node parsed, in any case', async () => {
    const get = (headers: string) =>
      exchange(port, `GET /v1/user HTTP/1.1\r\nHost: x\r\n${headers}Connection: close\r\n\r\n`);
    const signedIn = parseAnswer(
      await get(`authorization: Bearer ${admin.token}\r\nX-REQUEST-ID: trace-socket-1\r\n`),
    );
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get('x-request-id')).toBe('trace-socket-1');
    expect(signedIn.headers.get('cache-control')).toBe('no-store');
    expect((JSON.parse(signedIn.body) as { id: string }).id).toBe(admin.user.id);
    // An id that is not a short token is replaced; a second Authorization header is ignored.
    const replaced = parseAnswer(
      await get(
        `Authorization: Bearer ${admin.token}\r\nAuthorization: Bearer qr_other\r\nX-Request-Id: a b\r\n`,
      ),
    );
    expect(replaced.status).toBe(200);
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expectErrorShape(await get(''), 401, /Missing Authorization/);
    expectErrorShape(await get('Authorization: Basic abc\r\n'), 401, /must be "Bearer/);
  });

  it('logs a client that hangs up mid-body as aborted, not as a server error', async () => {
    const errorsBefore = lines.filter((line) => line.level >= 50).length;
    const abortedBefore = lines.filter((line) => line.msg === 'request aborted by the client');
    // `Expect: 100-continue`: the part of the body goes once the server has read the headers,
    // and the socket closes once the server answered that.
    const hangUp = (head: string, partialBody: string) =>
      new Promise<void>((resolve) => {
        const socket = connect(port, '127.0.0.1', () => {
          socket.write(head.replace(/\r\n\r\n$/, '\r\nExpect: 100-continue\r\n\r\n'));
        });
        socket.once('data', () => socket.write(partialBody, () => socket.destroy()));
        socket.on('close', () => resolve());
      });
    const auth = `Authorization: Bearer ${admin.token}\r\nContent-Type: application/json\r\n`;
    // With a length the handler reads the body; chunked, the body limit reads it first.
    await hangUp(
      `POST /v1/orgs HTTP/1.1\r\nHost: x\r\n${auth}Content-Length: 1000\r\n\r\n`,
      '{"title": "Hal',
    );
    await hangUp(
      `POST /v1/orgs HTTP/1.1\r\nHost: x\r\n${auth}Transfer-Encoding: chunked\r\n\r\n`,
      'e\r\n{"title": "Hal\r\n',
    );
    await expect
      .poll(() => lines.filter((line) => line.msg === 'request aborted by the client').length)
      .toBe(abortedBefore.length + 2);
    const aborted = lines.filter((line) => line.msg === 'request aborted by the client');
    for (const line of aborted) expect(line.level).toBe(30);
    expect(lines.filter((line) => line.level >= 50)).toHaveLength(errorsBefore);
    const organizations = await admin.client.GET('/orgs');
    expect(organizations.count).toBe(0);
  });
});
