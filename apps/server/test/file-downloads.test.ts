import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFileUrlSigner, type SignedFile } from '../src/domain/files/file-urls.js';
import { startTestServer, type TestServer, testBaseUrl } from './support/test-server.js';

const hour = 60 * 60 * 1000;
const content = 'Hello, signed downloads! 0123456789';
const size = Buffer.byteLength(content);

describe('file downloads', () => {
  let server: TestServer;
  let file: SignedFile;

  beforeAll(async () => {
    server = await startTestServer();
    const { sha256 } = await server.services.blobs.put(new TextEncoder().encode(content));
    file = { sha256, name: 'Résumé (final).txt', contentType: 'text/plain; charset=utf-8' };
  });
  afterAll(() => server.close());

  /** A link to `target` valid for an hour from the test clock's now. */
  const linkTo = (target: SignedFile = file) =>
    server.services.fileUrls.downloadUrl(target, new Date(server.clock.now().getTime() + hour));
  const get = (url: string, headers: Record<string, string> = {}, method = 'GET') =>
    server.fetch(new Request(url, { method, headers }));
  const errorOf = async (response: Response) =>
    ((await response.json()) as { error: { code: number; message: string } }).error;
  /** The link with one query parameter replaced. */
  const withQuery = (url: string, name: string, value: string) => {
    const changed = new URL(url);
    changed.searchParams.set(name, value);
    return changed.href;
  };

  it('signs links to the public URL with the hash, the name, the type and the expiry', () => {
    const url = linkTo();
    const expires = Math.floor((server.clock.now().getTime() + hour) / 1000);
    expect(url).toMatch(
      new RegExp(
        `^${testBaseUrl}/files/${file.sha256}/R%C3%A9sum%C3%A9%20\\(final\\)\\.txt\\?type=text%2Fplain%3B%20charset%3Dutf-8&expires=${expires}&signature=[A-Za-z0-9_-]{43}$`,
      ),
    );
  });

  it('serves the whole file, with no token, and every header a download needs', async () => {
    const response = await get(linkTo());
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(content);
    expect(Object.fromEntries(response.headers)).toMatchObject({
      'content-type': 'text/plain; charset=utf-8',
      'content-length': String(size),
      etag: `"${file.sha256}"`,
      'content-disposition': `inline; filename="R_sum_ (final).txt"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%28final%29.txt`,
      'accept-ranges': 'bytes',
      'cache-control': 'private, max-age=3600',
      'x-content-type-options': 'nosniff',
      'content-security-policy': 'sandbox',
    });
  });

  it('answers HEAD with the headers and no body', async () => {
    const response = await get(linkTo(), {}, 'HEAD');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-length')).toBe(String(size));
    expect(response.headers.get('etag')).toBe(`"${file.sha256}"`);
    expect(await response.text()).toBe('');
  });

  it('serves byte ranges in all three forms', async () => {
    const cases = [
      ['bytes=0-4', 'Hello', `bytes 0-4/${size}`],
      [`bytes=${size - 10}-`, '0123456789', `bytes ${size - 10}-${size - 1}/${size}`],
      ['bytes=-4', '6789', `bytes ${size - 4}-${size - 1}/${size}`],
      ['bytes=7-100000', content.slice(7), `bytes 7-${size - 1}/${size}`],
      ['bytes=-100000', content, `bytes 0-${size - 1}/${size}`],
    ] as const;
    for (const [range, body, contentRange] of cases) {
      const response = await get(linkTo(), { Range: range });
      expect(response.status, range).toBe(206);
      expect(await response.text(), range).toBe(body);
      expect(response.headers.get('content-range'), range).toBe(contentRange);
      expect(response.headers.get('content-length'), range).toBe(String(Buffer.byteLength(body)));
    }
  });

  it('answers 416 in the error shape for a range past the end', async () => {
    for (const range of [`bytes=${size}-`, `bytes=${size + 5}-${size + 9}`, 'bytes=-0']) {
      const response = await get(linkTo(), { Range: range });
      expect(response.status, range).toBe(416);
      expect(response.headers.get('content-range'), range).toBe(`bytes */${size}`);
      expect(await errorOf(response), range).toEqual({
        code: 416,
        message: `The requested range is outside the file, which has ${size} bytes`,
      });
    }
  });

  it('serves the whole file for ranges it does not serve, or a stale If-Range', async () => {
    const ignored: Record<string, string>[] = [
      { Range: 'bytes=0-1,4-5' },
      { Range: 'bytes=5-2' },
      { Range: 'items=0-4' },
      { Range: 'bytes=0-4', 'If-Range': '"another-version"' },
    ];
    for (const headers of ignored) {
      const response = await get(linkTo(), headers);
      expect(response.status, JSON.stringify(headers)).toBe(200);
      expect(await response.text()).toBe(content);
    }
    const current = await get(linkTo(), { Range: 'bytes=0-4', 'If-Range': `"${file.sha256}"` });
    expect(current.status).toBe(206);
  });

  it('answers 304 when the client has the file already', async () => {
    for (const ifNoneMatch of [
      `"${file.sha256}"`,
      `W/"${file.sha256}"`,
      `"other", "${file.sha256}"`,
      '*',
    ]) {
      const response = await get(linkTo(), { 'If-None-Match': ifNoneMatch });
      expect(response.status, ifNoneMatch).toBe(304);
      expect(response.headers.get('etag')).toBe(`"${file.sha256}"`);
      expect(await response.text()).toBe('');
    }
    const changed = await get(linkTo(), { 'If-None-Match': '"other"' });
    expect(changed.status).toBe(200);
  });

  it('keeps a file name with a slash in one path segment', async () => {
    const nested = { ...file, name: 'docs/guide.txt' };
    const url = linkTo(nested);
    expect(url).toContain('/docs%2Fguide.txt?');
    const response = await get(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain(
      "filename*=UTF-8''docs%2Fguide.txt",
    );
  });

  it('refuses a link whose hash, name, type, expiry or signature was changed', async () => {
    const url = linkTo();
    const other = await server.services.blobs.put(new TextEncoder().encode('another file'));
    const signature = new URL(url).searchParams.get('signature') ?? '';
    const flipped = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    const altered = [
      url.replace(file.sha256, other.sha256),
      url.replace('R%C3%A9sum%C3%A9', 'Resume'),
      withQuery(url, 'type', 'text/html'),
      withQuery(url, 'expires', String(Number(new URL(url).searchParams.get('expires')) + 3600)),
      withQuery(url, 'signature', flipped),
      withQuery(url, 'signature', 'not-a-signature'),
      url.replace(/&signature=.*$/, ''),
      url.replace(/\?.*$/, ''),
      createFileUrlSigner({ key: Buffer.alloc(32, 7), publicUrl: testBaseUrl }).downloadUrl(
        file,
        new Date(server.clock.now().getTime() + hour),
      ),
    ];
    for (const link of altered) {
      const response = await get(link);
      expect(response.status, link).toBe(403);
      expect(response.headers.get('cache-control'), link).toBe('no-store');
      expect(await errorOf(response), link).toEqual({
        code: 403,
        message:
          'This download link is not valid: it was changed, or it was not made by this server',
      });
    }
  });

  it('refuses an expired link, and says so', async () => {
    const url = linkTo();
    const expiresAt = new Date(
      Number(new URL(url).searchParams.get('expires')) * 1000,
    ).toISOString();
    server.clock.advance(hour - 60_000);
    const nearlyExpired = await get(url);
    expect(nearlyExpired.status).toBe(200);
    expect(nearlyExpired.headers.get('cache-control')).toBe('private, max-age=60');
    server.clock.advance(60_000);
    const response = await get(url);
    expect(response.status).toBe(403);
    expect(await errorOf(response)).toEqual({
      code: 403,
      message: `This download link expired at ${expiresAt}; ask the API for a new one`,
    });
  });

  it('answers 404 for a validly signed link to bytes that are not stored', async () => {
    const sha256 = createHash('sha256').update('never uploaded').digest('hex');
    const response = await get(linkTo({ ...file, sha256 }));
    expect(response.status).toBe(404);
    expect(await errorOf(response)).toEqual({
      code: 404,
      message: 'This file is no longer stored on this server',
    });
  });

  it('answers 405 for methods other than GET and HEAD', async () => {
    const response = await get(linkTo(), {}, 'DELETE');
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
  });
});
