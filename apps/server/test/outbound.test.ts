import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchOutbound } from '../src/outbound/fetch-outbound.js';
import { OutboundError, type OutboundErrorCode } from '../src/outbound/outbound-error.js';

/** A server on 127.0.0.1 that counts the requests it gets and can be told how to answer. */
interface LocalServer {
  url: string;
  requests: string[];
  /** Resolves once a response the server was writing is closed, finished or not. */
  responseClosed(): Promise<void>;
  close(): Promise<void>;
}

async function startLocalServer(
  answer: (request: IncomingMessage, response: ServerResponse, url: string) => void,
): Promise<LocalServer> {
  const requests: string[] = [];
  const closed: Array<() => void> = [];
  let url = '';
  const server = createServer((request, response) => {
    requests.push(request.url ?? '');
    response.once('close', () => {
      for (const resolve of closed.splice(0)) resolve();
    });
    answer(request, response, url);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('Expected a TCP address');
  url = `http://127.0.0.1:${address.port}`;
  return {
    url,
    requests,
    responseClosed: () => new Promise((resolve) => closed.push(resolve)),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

async function outboundFailure(promise: Promise<unknown>): Promise<OutboundError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof OutboundError) return error;
    throw error;
  }
  throw new Error('Expected the fetch to fail');
}

async function expectFailure(
  promise: Promise<unknown>,
  code: OutboundErrorCode,
  message: RegExp,
): Promise<void> {
  const error = await outboundFailure(promise);
  expect(error.code).toBe(code);
  expect(error.message).toMatch(message);
}

describe('outbound fetches', () => {
  let server: LocalServer;
  beforeAll(async () => {
    server = await startLocalServer((request, response, url) => {
      const path = request.url ?? '/';
      if (path === '/hello') {
        response.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8' });
        response.end('hello from loopback');
      } else if (path === '/redirect') {
        response.writeHead(302, { Location: '/hello' });
        response.end();
      } else if (path === '/redirect-absolute') {
        response.writeHead(301, { Location: `${url}/redirect` });
        response.end();
      } else if (path === '/to-metadata') {
        response.writeHead(302, { Location: 'http://169.254.169.254/latest/meta-data/' });
        response.end();
      } else if (path === '/to-ftp') {
        response.writeHead(307, { Location: 'ftp://example.com/file' });
        response.end();
      } else if (path === '/loop') {
        response.writeHead(302, { Location: '/loop' });
        response.end();
      } else if (path === '/silent') {
        // Never answers: only the fetch's timeout ends this request.
      } else if (path === '/announced-large') {
        response.writeHead(200, { 'Content-Length': '5000' });
        response.end('x'.repeat(5000));
      } else if (path === '/endless') {
        response.writeHead(200, { 'Content-Type': 'application/octet-stream' });
        const timer = setInterval(() => response.write(Buffer.alloc(512, 1)), 5);
        response.once('close', () => clearInterval(timer));
      } else {
        response.writeHead(404, { 'Content-Type': 'text/plain' });
        response.end('no such thing');
      }
    });
  });
  afterAll(() => server.close());

  it('refuses loopback addresses unless private addresses are allowed', async () => {
    const before = server.requests.length;
    await expectFailure(
      fetchOutbound(`${server.url}/hello`, { allowPrivate: false }),
      'blocked',
      /^Refused to fetch http:\/\/127\.0\.0\.1:\d+\/hello: 127\.0\.0\.1 is not a public address \(loopback\); only public internet addresses may be fetched unless OUTBOUND_ALLOW_PRIVATE=true allows private and loopback ones$/,
    );
    expect(server.requests.length).toBe(before);

    const answer = await fetchOutbound(`${server.url}/hello`, { allowPrivate: true });
    expect(answer).toEqual({
      url: `${server.url}/hello`,
      status: 200,
      contentType: 'text/plain; charset=utf-8',
      body: Buffer.from('hello from loopback'),
    });
  });

  it('checks the address a host name resolves to, when it connects', async () => {
    const port = new URL(server.url).port;
    const before = server.requests.length;
    await expectFailure(
      fetchOutbound(`http://localhost:${port}/hello`, { allowPrivate: false }),
      'blocked',
      /localhost resolves to (127\.0\.0\.1|::1), not a public address \(loopback\); only public/,
    );
    expect(server.requests.length).toBe(before);
  });

  it('refuses private, link-local, metadata and mapped addresses before connecting', async () => {
    const refused = [
      ['http://10.0.0.1/', /10\.0\.0\.1 is not a public address \(private\)/],
      ['http://192.168.1.20:8080/', /\(private\)/],
      [
        'http://169.254.169.254/latest/meta-data/',
        /169\.254\.169\.254 is a cloud metadata address, which is never fetched/,
      ],
      ['http://169.254.10.1/', /\(linkLocal\)/],
      ['http://100.64.0.1/', /\(carrierGradeNat\)/],
      ['http://0.0.0.0/', /\(unspecified\)/],
      ['http://224.0.0.1/', /\(multicast\)/],
      ['http://240.0.0.1/', /\(reserved\)/],
      ['http://[::1]/', /::1 is not a public address \(loopback\)/],
      ['http://[::ffff:127.0.0.1]/', /::ffff:7f00:1 is not a public address \(loopback\)/],
      ['http://[fd12:3456::1]/', /\(uniqueLocal\)/],
      ['http://[fe80::1]/', /\(linkLocal\)/],
      ['http://2130706433/', /127\.0\.0\.1 is not a public address \(loopback\)/],
    ] as const;
    for (const [url, message] of refused) {
      const error = await outboundFailure(
        fetchOutbound(url, { allowPrivate: false, timeoutMs: 1000 }),
      );
      expect(error.code, url).toBe('blocked');
      expect(error.message, url).toMatch(message);
    }
  });

  it('keeps cloud metadata addresses closed when private addresses are allowed', async () => {
    for (const url of [
      'http://169.254.169.254/',
      'http://[::ffff:169.254.169.254]/',
      'http://[fd00:ec2::254]/',
    ]) {
      await expectFailure(
        fetchOutbound(url, { allowPrivate: true, timeoutMs: 1000 }),
        'blocked',
        /is a cloud metadata address/,
      );
    }
  });

  it('follows redirects and answers the final URL', async () => {
    const answer = await fetchOutbound(`${server.url}/redirect-absolute`, { allowPrivate: true });
    expect(answer.url).toBe(`${server.url}/hello`);
    expect(answer.body.toString()).toBe('hello from loopback');
  });

  it('checks every redirect again', async () => {
    await expectFailure(
      fetchOutbound(`${server.url}/to-metadata`, { allowPrivate: true, timeoutMs: 1000 }),
      'blocked',
      /Refused to fetch http:\/\/169\.254\.169\.254\/latest\/meta-data\/: .*cloud metadata/,
    );
    await expectFailure(
      fetchOutbound(`${server.url}/to-ftp`, { allowPrivate: true }),
      'bad-url',
      /Only http and https URLs can be fetched; ftp:\/\/example\.com\/file \(a redirect of http:.*\/to-ftp\) is ftp/,
    );
  });

  it('gives up after five redirects', async () => {
    const before = server.requests.length;
    await expectFailure(
      fetchOutbound(`${server.url}/loop`, { allowPrivate: true }),
      'failed',
      /more than 5 redirects/,
    );
    expect(server.requests.length - before).toBe(6);
    await expectFailure(
      fetchOutbound(`${server.url}/loop`, { allowPrivate: true, maxRedirects: 1 }),
      'failed',
      /more than 1 redirects/,
    );
  });

  it('answers non-2xx statuses for the caller to judge', async () => {
    const answer = await fetchOutbound(`${server.url}/missing`, { allowPrivate: true });
    expect(answer.status).toBe(404);
    expect(answer.body.toString()).toBe('no such thing');
  });

  it('stops a fetch that takes longer than its timeout', async () => {
    await expectFailure(
      fetchOutbound(`${server.url}/silent`, { allowPrivate: true, timeoutMs: 200 }),
      'timeout',
      /took longer than 200 ms/,
    );
  });

  it('refuses a body that Content-Length announces as too large', async () => {
    await expectFailure(
      fetchOutbound(`${server.url}/announced-large`, { allowPrivate: true, maxBytes: 1000 }),
      'too-large',
      /larger than the limit of 1000 bytes/,
    );
    const answer = await fetchOutbound(`${server.url}/announced-large`, {
      allowPrivate: true,
      maxBytes: 5000,
    });
    expect(answer.body.byteLength).toBe(5000);
  });

  it('stops reading a streamed body as soon as it passes the cap', async () => {
    const closed = server.responseClosed();
    await expectFailure(
      fetchOutbound(`${server.url}/endless`, { allowPrivate: true, maxBytes: 4096 }),
      'too-large',
      /larger than the limit of 4096 bytes/,
    );
    // The connection is closed, so the server stops writing.
    await closed;
  });

  it('fetches only absolute http(s) URLs without credentials', async () => {
    await expectFailure(
      fetchOutbound('ftp://example.com/file', { allowPrivate: true }),
      'bad-url',
      /Only http and https URLs can be fetched; ftp:\/\/example\.com\/file is ftp/,
    );
    await expectFailure(
      fetchOutbound('file:///etc/passwd', { allowPrivate: true }),
      'bad-url',
      /is file$/,
    );
    await expectFailure(
      fetchOutbound('/relative/path', { allowPrivate: true }),
      'bad-url',
      /is not an absolute URL/,
    );
    const error = await outboundFailure(
      fetchOutbound(`http://ada:secret@${new URL(server.url).host}/hello`, { allowPrivate: true }),
    );
    expect(error.code).toBe('bad-url');
    expect(error.message).toMatch(/must not carry a user name or password/);
    expect(error.message).not.toContain('secret');
  });

  it('quotes at most the start of a long URL', async () => {
    const url = `http://10.0.0.1/${'a'.repeat(5000)}`;
    const error = await outboundFailure(fetchOutbound(url, { allowPrivate: false }));
    expect(error.message).toContain(`${url.slice(0, 100)}…`);
    expect(error.message.length).toBeLessThan(300);
  });
});
