// The render package's PDF reader (pdfjs-dist), shared with its own tests.
import { readPdf } from '@quire/render/test-support/pdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError } from './support/expect-api-error.js';
import { spaceEditing } from './support/space-editing.js';
import {
  createStaffedOrganization,
  type StaffedOrganization,
  startTestServer,
  type TestServer,
} from './support/test-server.js';

// A 1×1 PNG.
const pixel = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const introduction = `Quire keeps **bold words**, *slanted ones* and \`inline code\`; read [the web](https://example.com/docs) or [the CLI](guides/setup.md#cli).

## Install

\`\`\`sh
npm install quire
\`\`\`

![A pixel](.gitbook/assets/pixel.png)
`;

// Downloads wait this long for a PDF still being made before answering 503.
const waitMs = 3000;

describe('PDF exports', () => {
  let server: TestServer;
  let org: StaffedOrganization;
  let spaceId = '';
  const pageIds: Record<string, string> = {};
  const editing = () => spaceEditing(org.admin, () => spaceId);

  const spacePdf = (query: { page?: string; only?: boolean } = {}, user = org.reader) =>
    user.client.GET('/spaces/{spaceId}/pdf', { params: { path: { spaceId }, query } });

  /** The bytes a download URL yields, after the background jobs have run. */
  const download = async (url: string) => {
    await server.jobs.runDue();
    const response = await server.fetch(new Request(url));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    return new Uint8Array(await response.arrayBuffer());
  };

  beforeAll(async () => {
    server = await startTestServer({ pdfExportWaitMs: waitMs });
    org = await createStaffedOrganization(server);
    const space = await org.admin.client.POST('/orgs/{organizationId}/spaces', {
      params: { path: { organizationId: org.organizationId } },
      body: { title: 'Handbook' },
    });
    spaceId = space.id;
    const { openChangeRequest, apply, merge } = editing();
    const changeRequestId = await openChangeRequest();
    const result = await apply(changeRequestId, [
      {
        operation: 'insert_files',
        files: [{ name: 'pixel.png', base64: pixel.toString('base64') }],
      },
      {
        operation: 'insert_page',
        ref: 'introduction',
        title: 'Introduction',
        document: { markdown: introduction },
      },
      { operation: 'insert_page', ref: 'guides', title: 'Guides', type: 'group', document: {} },
      {
        operation: 'insert_page',
        ref: 'setup',
        into: 'guides',
        title: 'Setup',
        document: { markdown: '## CLI\n\nRun it. Back to [the start](../introduction.md).\n' },
      },
      {
        operation: 'insert_page',
        ref: 'deploy',
        into: 'guides',
        title: 'Deploy',
        document: {
          markdown:
            'Ship <code class="expression">space.vars.product</code> to <code class="expression">page.vars.cloud</code>.\n',
        },
        variables: { cloud: 'AWS' },
      },
      { operation: 'update_variables', variables: { product: 'Quire' } },
      {
        operation: 'insert_page',
        ref: 'secret',
        title: 'Secret plans',
        hidden: true,
        document: { markdown: 'Not for the PDF.\n' },
      },
      {
        operation: 'insert_page',
        ref: 'elsewhere',
        title: 'Elsewhere',
        type: 'link',
        target: { kind: 'url', url: 'https://example.com' },
        document: {},
      },
    ]);
    for (const change of result.changes) {
      if (change.object === 'created_page' && change.ref !== undefined) {
        pageIds[change.ref] = change.page.id;
      }
    }
    await merge(changeRequestId);
  });

  afterAll(() => server.close());

  it('answers a URL at once, which yields the PDF of the space once it is made', async () => {
    const { url } = await spacePdf();
    expect(url).toMatch(/^http:\/\/quire\.test\/files\/pdf-exports\/[0-9a-f]{64}\/Handbook\.pdf\?/);
    const pdf = await readPdf(await download(url));

    expect(pdf.title).toBe('Handbook');
    expect(pdf.pages[0]).toContain('Handbook');
    const shape = (items: typeof pdf.outline): unknown[] =>
      items.map((item) => [item.title, shape(item.items)]);
    // Hidden pages and links are left out.
    expect(shape(pdf.outline)).toEqual([
      ['Introduction', []],
      [
        'Guides',
        [
          ['Setup', []],
          ['Deploy', []],
        ],
      ],
    ]);
    const [intro, guides] = pdf.outline;
    expect(intro?.page).toBe(2);
    expect(pdf.pages[(guides?.page ?? 0) - 1]).toContain('Setup');
    expect(pdf.pageCount).toBe(guides?.items[1]?.page);

    const text = pdf.pages.join('\n');
    for (const expected of ['bold words', 'slanted ones', 'inline code', 'Install', 'npm']) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('Not for the PDF');
    // Expressions show the variables of the space, and of their page.
    expect(text).toContain('Ship Quire to AWS.');

    const introLinks = pdf.links[1] ?? [];
    expect(introLinks).toContainEqual({ url: 'https://example.com/docs' });
    expect(introLinks).toContainEqual({
      destination: `page:${pageIds.setup}#cli`,
      page: guides?.items[0]?.page,
    });
    expect(pdf.links.flat()).toContainEqual({
      destination: `page:${pageIds.introduction}`,
      page: 2,
    });
    expect(pdf.images[1]).toBe(1);
  });

  it('answers the PDF made already at once, as a file link, for the same content and options', async () => {
    const jobs = await server.countRows('jobs');
    const { url } = await spacePdf({}, org.admin);
    expect(url).toMatch(
      /^http:\/\/quire\.test\/files\/[0-9a-f]{64}\/Handbook\.pdf\?type=application%2Fpdf&/,
    );
    expect(await server.countRows('jobs')).toBe(jobs);
    const response = await server.fetch(new Request(url));
    expect(response.status).toBe(200);
    expect(
      Buffer.from(await response.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });

  it('makes a PDF of one page and the pages under it, or of that page only', async () => {
    const group = await readPdf(await download((await spacePdf({ page: pageIds.guides })).url));
    expect(
      group.outline.map((item) => [item.title, item.items.map((child) => child.title)]),
    ).toEqual([['Guides', ['Setup', 'Deploy']]]);

    const { url } = await spacePdf({ page: pageIds.setup, only: true });
    expect(url).toContain('/Setup.pdf?');
    const single = await readPdf(await download(url));
    expect(single.outline.map((item) => item.title)).toEqual(['Setup']);
    expect(single.pageCount).toBe(2);
    // A link to a page the PDF does not hold is text without a link.
    expect(single.links.flat()).toEqual([]);

    const secret = await readPdf(await download((await spacePdf({ page: pageIds.secret })).url));
    expect(secret.pages.join('\n')).toContain('Not for the PDF');
  });

  it('makes a PDF of a change request with its own changes', async () => {
    const { openChangeRequest, apply } = editing();
    const changeRequestId = await openChangeRequest();
    await apply(changeRequestId, [
      {
        operation: 'update_page',
        page: pageIds.deploy ?? '',
        document: { markdown: 'Ship it on Fridays.\n' },
      },
    ]);
    const { url } = await org.reader.client.GET(
      '/spaces/{spaceId}/change-requests/{changeRequestId}/pdf',
      { params: { path: { spaceId, changeRequestId } } },
    );
    const draft = await readPdf(await download(url));
    expect(draft.pages.join('\n')).toContain('Ship it on Fridays.');
    const main = await readPdf(await download((await spacePdf()).url));
    expect(main.pages.join('\n')).not.toContain('Fridays');

    await expectApiError(
      org.outsider.client.GET('/spaces/{spaceId}/change-requests/{changeRequestId}/pdf', {
        params: { path: { spaceId, changeRequestId } },
      }),
      404,
    );
  });

  it('is for whoever may read the space', async () => {
    await expectApiError(spacePdf({}, org.outsider), 404);
    await expectApiError(
      server.clientWith().GET('/spaces/{spaceId}/pdf', { params: { path: { spaceId } } }),
      401,
    );
    await expect(spacePdf({}, org.creator)).resolves.toEqual({ url: expect.any(String) });
  });

  it('refuses options it cannot make a PDF of', async () => {
    await expectApiError(spacePdf({ only: true }), 400, /query\.only needs query\.page/);
    await expectApiError(spacePdf({ page: 'no-such-page' }), 400, /no page no-such-page/);
    await expectApiError(spacePdf({ page: pageIds.elsewhere }), 400, /is a link/);
    await expectApiError(spacePdf({ page: pageIds.guides, only: true }), 400, /is a group/);
    await expectApiError(spacePdf({ page: 'x'.repeat(65) }), 400, /query\.page/);
  });

  it('refuses download links that were changed or have expired', async () => {
    const { url: ready } = await spacePdf();
    // Another first character of the signature, whatever it was.
    const forged = ready.replace(/signature=(.)/, (_, first: string) =>
      first === 'x' ? 'signature=y' : 'signature=x',
    );
    expect((await server.fetch(new Request(forged))).status).toBe(403);
    const otherKey = ready.replace(/files\/[0-9a-f]{64}/, `files/pdf-exports/${'0'.repeat(64)}`);
    expect((await server.fetch(new Request(otherKey))).status).toBe(403);

    const { url: pending } = await spacePdf({ page: pageIds.deploy, only: true });
    expect(pending).toContain('/files/pdf-exports/');
    server.clock.advance(2 * 60 * 60 * 1000);
    for (const url of [ready, pending]) {
      const response = await server.fetch(new Request(url));
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({
        error: { code: 403, message: expect.stringMatching(/expired/) },
      });
    }
  });

  it('answers 503 with Retry-After while the PDF is still being made, then the PDF', async () => {
    const { url } = await spacePdf({ page: pageIds.introduction, only: true });
    const started = Date.now();
    const waited = await server.fetch(new Request(url));
    expect(Date.now() - started).toBeGreaterThanOrEqual(waitMs - 250);
    expect(waited.status).toBe(503);
    expect(waited.headers.get('retry-after')).toBe('10');
    expect(await waited.json()).toEqual({
      error: { code: 503, message: expect.stringMatching(/still being made/) },
    });

    // A download waiting while the job runs gets the PDF, if the job ends within the wait; on a
    // busy machine it may not, and the reader asks again as Retry-After says: then it is there.
    const downloading = server.fetch(new Request(url));
    await server.jobs.runDue();
    const first = await downloading;
    const response = first.status === 503 ? await server.fetch(new Request(url)) : first;
    expect(response.status).toBe(200);
    const pdf = await readPdf(new Uint8Array(await response.arrayBuffer()));
    expect(pdf.outline.map((item) => item.title)).toEqual(['Introduction']);
  });
});
