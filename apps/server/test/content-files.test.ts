import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { components } from '@quire/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchResult } from './support/batch-result.js';
import { expectApiError } from './support/expect-api-error.js';
import {
  createStaffedOrganization,
  startTestServer,
  type TestServer,
  type TestUser,
} from './support/test-server.js';

type Change = components['schemas']['ContentChange'];

// A 2×3 transparent PNG.
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAADCAYAAAC56t6BAAAAEUlEQVR4nGNgYGD4TwZmIEcTAK7iEe8MdskiAAAAAElFTkSuQmCC',
  'base64',
);

/** A server with one change request, acting as its editor. */
async function editingSetup(server: TestServer) {
  const staff = await createStaffedOrganization(server);
  const spaceId = (
    await staff.admin.client.POST('/orgs/{organizationId}/spaces', {
      params: { path: { organizationId: staff.organizationId } },
      body: { title: 'Files' },
    })
  ).id;
  const changeRequestId = (
    await staff.admin.client.POST('/spaces/{spaceId}/change-requests', {
      params: { path: { spaceId } },
      body: {},
    })
  ).id;
  const apply = async (changes: Change[], user: TestUser = staff.admin) =>
    batchResult(
      await user.client.POST('/spaces/{spaceId}/change-requests/{changeRequestId}/content', {
        params: { path: { spaceId, changeRequestId }, query: { compat: false } },
        body: { changes },
      }),
    );
  const fileCount = async () =>
    (
      await staff.admin.client.GET(
        '/spaces/{spaceId}/change-requests/{changeRequestId}/content/files',
        { params: { path: { spaceId, changeRequestId } } },
      )
    ).count;
  return { staff, spaceId, changeRequestId, apply, fileCount };
}

describe('files in content', () => {
  let server: TestServer;
  let setup: Awaited<ReturnType<typeof editingSetup>>;

  beforeAll(async () => {
    server = await startTestServer();
    setup = await editingSetup(server);
  });
  afterAll(() => server.close());

  it('uploads base64 files with their type, size and image dimensions, and lists them', async () => {
    const { apply, spaceId, changeRequestId, staff } = setup;
    const result = await apply([
      {
        operation: 'insert_files',
        files: [
          { name: 'pixel.png', base64: png.toString('base64') },
          { name: 'notes.txt', base64: Buffer.from('hello').toString('base64') },
          { name: 'data', base64: '', contentType: 'application/x-custom' },
        ],
      },
    ]);
    // Files are not pages: the batch's page changes are empty, its files listed apart.
    expect(result.changes).toEqual([]);
    expect(result.insertedFiles).toEqual([
      expect.objectContaining({
        name: 'pixel.png',
        contentType: 'image/png',
        size: png.length,
        dimensions: { width: 2, height: 3 },
      }),
      expect.objectContaining({ name: 'notes.txt', contentType: 'text/plain', size: 5 }),
      expect.objectContaining({ name: 'data', contentType: 'application/x-custom', size: 0 }),
    ]);
    const [pixel] = result.insertedFiles ?? [];

    const first = await staff.reader.client.GET(
      '/spaces/{spaceId}/change-requests/{changeRequestId}/content/files',
      { params: { path: { spaceId, changeRequestId }, query: { limit: 2 } } },
    );
    expect(first.count).toBe(3);
    expect(first.items).toHaveLength(2);
    const rest = await staff.reader.client.GET(
      '/spaces/{spaceId}/change-requests/{changeRequestId}/content/files',
      { params: { path: { spaceId, changeRequestId }, query: { page: first.next?.page ?? '' } } },
    );
    expect([...first.items, ...rest.items].map((file) => file.name).sort()).toEqual([
      'data',
      'notes.txt',
      'pixel.png',
    ]);

    const one = await staff.reader.client.GET(
      '/spaces/{spaceId}/change-requests/{changeRequestId}/content/files/{fileId}',
      { params: { path: { spaceId, changeRequestId, fileId: pixel?.id ?? '' } } },
    );
    expect(one).toMatchObject({ id: pixel?.id, name: 'pixel.png' });
    await expectApiError(
      staff.reader.client.GET(
        '/spaces/{spaceId}/change-requests/{changeRequestId}/content/files/{fileId}',
        {
          params: { path: { spaceId, changeRequestId, fileId: 'missing' } },
        },
      ),
      404,
    );
  });

  it('downloads through the signed URL without a token, in ranges, until it expires', async () => {
    const result = await setup.apply([
      { operation: 'insert_files', files: [{ name: 'logo.png', base64: png.toString('base64') }] },
    ]);
    const url = result.insertedFiles?.[0]?.downloadURL ?? '';
    const whole = await server.fetch(new Request(url));
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await whole.arrayBuffer())).toEqual(png);
    const range = await server.fetch(new Request(url, { headers: { Range: 'bytes=0-3' } }));
    expect(range.status).toBe(206);
    expect(Buffer.from(await range.arrayBuffer())).toEqual(png.subarray(0, 4));

    // Another first character of the signature, whatever it was.
    const tampered = url.replace(/signature=(.)/, (_, first: string) =>
      first === 'x' ? 'signature=y' : 'signature=x',
    );
    expect((await server.fetch(new Request(tampered))).status).toBe(403);
    server.clock.advance(61 * 60 * 1000);
    const expired = await server.fetch(new Request(url));
    expect(expired.status).toBe(403);
  });

  it('refuses files over the size cap with 413 and writes nothing', async () => {
    const small = await startTestServer({ fileSizeLimit: 2048 });
    try {
      const { apply, fileCount } = await editingSetup(small);
      await expectApiError(
        apply([
          {
            operation: 'insert_files',
            files: [{ name: 'big.bin', base64: Buffer.alloc(4096, 1).toString('base64') }],
          },
        ]),
        413,
        /2048 bytes/,
      );
      expect(await fileCount()).toBe(0);
    } finally {
      await small.close();
    }
  });

  // Last: it merges the change request the tests above write to.
  it('reads the files of the space and of its revisions once merged', async () => {
    const { apply, spaceId, changeRequestId, staff } = setup;
    const [logo] =
      (
        await apply([
          {
            operation: 'insert_files',
            files: [{ name: 'logo.png', base64: png.toString('base64') }],
          },
        ])
      ).insertedFiles ?? [];
    await staff.admin.client.POST('/spaces/{spaceId}/change-requests/{changeRequestId}/merge', {
      params: { path: { spaceId, changeRequestId } },
    });
    const fileId = logo?.id ?? '';
    const inSpace = await staff.reader.client.GET('/spaces/{spaceId}/content/files/{fileId}', {
      params: { path: { spaceId, fileId } },
    });
    expect(inSpace).toMatchObject({ id: fileId, name: 'logo.png', contentType: 'image/png' });
    const { revision } = await staff.reader.client.GET('/spaces/{spaceId}', {
      params: { path: { spaceId } },
    });
    const listed = await staff.reader.client.GET('/spaces/{spaceId}/revisions/{revisionId}/files', {
      params: { path: { spaceId, revisionId: revision } },
    });
    expect(listed.items.map((file) => file.name)).toContain('logo.png');
    const inRevision = await staff.reader.client.GET(
      '/spaces/{spaceId}/revisions/{revisionId}/files/{fileId}',
      { params: { path: { spaceId, revisionId: revision, fileId } } },
    );
    expect(inRevision).toEqual(inSpace);
    await expectApiError(
      staff.reader.client.GET('/spaces/{spaceId}/content/files/{fileId}', {
        params: { path: { spaceId, fileId: 'missing' } },
      }),
      404,
    );
    await expectApiError(
      staff.outsider.client.GET('/spaces/{spaceId}/revisions/{revisionId}/files', {
        params: { path: { spaceId, revisionId: revision } },
      }),
      404,
    );
  });
});

describe('files fetched by URL', () => {
  let origin: Server;
  let originUrl: string;

  beforeAll(async () => {
    origin = createServer((request, response) => {
      if (request.url === '/assets/diagram.png') {
        response.writeHead(200, { 'Content-Type': 'image/png' }).end(png);
      } else if (request.url === '/assets/poster.bin') {
        response.writeHead(200, { 'Content-Type': 'application/octet-stream' });
        response.end(Buffer.alloc(4096, 1));
      } else {
        response.writeHead(404).end();
      }
    });
    await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
    originUrl = `http://127.0.0.1:${(origin.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => origin.close(resolve)));

  it('refuses private and loopback addresses unless OUTBOUND_ALLOW_PRIVATE', async () => {
    const server = await startTestServer();
    try {
      const { apply } = await editingSetup(server);
      await expectApiError(
        apply([{ operation: 'insert_files', files: [{ url: `${originUrl}/assets/diagram.png` }] }]),
        400,
        /could not be fetched: .*(private|loopback|not public)/i,
      );
    } finally {
      await server.close();
    }
  });

  it('fetches files by URL through the outbound guard when allowed', async () => {
    const server = await startTestServer({ outboundAllowPrivate: true });
    try {
      const { apply } = await editingSetup(server);
      const result = await apply([
        { operation: 'insert_files', files: [{ url: `${originUrl}/assets/diagram.png` }] },
      ]);
      expect(result.insertedFiles).toEqual([
        expect.objectContaining({
          name: 'diagram.png',
          contentType: 'image/png',
          size: png.length,
          dimensions: { width: 2, height: 3 },
        }),
      ]);
      await expectApiError(
        apply([{ operation: 'insert_files', files: [{ url: `${originUrl}/missing.png` }] }]),
        400,
        /answered 404/,
      );
    } finally {
      await server.close();
    }
  });

  it('refuses a file by URL over the size cap with 413, as an upload, and writes nothing', async () => {
    const server = await startTestServer({ outboundAllowPrivate: true, fileSizeLimit: 2048 });
    try {
      const { apply, fileCount } = await editingSetup(server);
      await expectApiError(
        apply([{ operation: 'insert_files', files: [{ url: `${originUrl}/assets/poster.bin` }] }]),
        413,
        /2048 bytes/,
      );
      expect(await fileCount()).toBe(0);
    } finally {
      await server.close();
    }
  });
});
