import type { components } from '@quire/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError } from './support/expect-api-error.js';
import { FixtureServer } from './support/fixture-server.js';
import {
  createStaffedOrganization,
  type StaffedOrganization,
  startTestServer,
  type TestServer,
  type TestUser,
  testBaseUrl,
} from './support/test-server.js';
import { buildDocx, buildZip } from './support/zip-fixtures.js';

type RevisionPage = components['schemas']['RevisionPage'];
type ImportSource = components['schemas']['ImportSource'];

// A 2×3 transparent PNG.
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAADCAYAAAC56t6BAAAAEUlEQVR4nGNgYGD4TwZmIEcTAK7iEe8MdskiAAAAAElFTkSuQmCC',
  'base64',
);

function titles(pages: readonly RevisionPage[]): unknown[] {
  return pages.map((page) =>
    'pages' in page && page.pages.length > 0 ? [page.title, titles(page.pages)] : page.title,
  );
}

describe('imports and templates', () => {
  let server: TestServer;
  let fixtures: FixtureServer;
  let staff: StaffedOrganization;
  let editor: TestUser;

  beforeAll(async () => {
    server = await startTestServer({ outboundAllowPrivate: true, requestBodyLimit: 1024 * 1024 });
    fixtures = new FixtureServer();
    await fixtures.start();
    staff = await createStaffedOrganization(server);
    editor = await server.createUser({ organizationId: staff.organizationId, role: 'edit' });
  });
  afterAll(async () => {
    await fixtures.close();
    await server.close();
  });

  async function newSpace(title = 'Imported'): Promise<string> {
    const space = await staff.admin.client.POST('/orgs/{organizationId}/spaces', {
      params: { path: { organizationId: staff.organizationId } },
      body: { title },
    });
    return space.id;
  }

  const importInto = (spaceId: string, source: ImportSource, url: string, user = editor) =>
    user.client.POST('/spaces/{spaceId}/content/import', {
      params: { path: { spaceId } },
      body: { source, url },
    });

  const contentOf = (spaceId: string) =>
    staff.admin.client.GET('/spaces/{spaceId}/content', { params: { path: { spaceId } } });

  async function markdownOf(spaceId: string, pageId: string): Promise<string> {
    const page = await staff.admin.client.GET('/spaces/{spaceId}/content/page/{pageId}', {
      params: { path: { spaceId, pageId } },
    });
    return 'markdown' in page ? (page.markdown ?? '') : '';
  }

  describe('templates', () => {
    it('lists the built-in catalog', async () => {
      const list = await editor.client.GET('/content-templates');
      expect(list.items.map((template) => template.id)).toEqual([
        'product-docs',
        'api-reference',
        'knowledge-base',
        'team-handbook',
      ]);
      expect(list.count).toBe(4);
      expect(list.items[0]).toMatchObject({ object: 'content-template', pages: 6 });
    });

    it('applies a template as one revision of the space, recorded in the audit log', async () => {
      const spaceId = await newSpace();
      const before = await contentOf(spaceId);
      const response = await server.fetch(
        new Request(`${testBaseUrl}/v1/spaces/${spaceId}/content/template`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${editor.token}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ id: 'team-handbook' }),
        }),
      );
      expect(response.status).toBe(201);
      expect(await response.text()).toBe('');
      const after = await contentOf(spaceId);
      expect(after.parents).toEqual([before.id]);
      expect(titles(after.pages)).toEqual([
        'About us',
        'How we work',
        ['Onboarding', ['First day', 'First month']],
        'Tools',
        'Policies',
      ]);
      // Written through the space head like any merge, so searchable at once.
      const found = await editor.client.GET('/spaces/{spaceId}/search', {
        params: { path: { spaceId }, query: { query: 'onboarding' } },
      });
      expect(found.items.map((item) => item.title)).toContain('Onboarding');
      const events = await staff.admin.client.GET('/orgs/{organizationId}/audit-events', {
        params: {
          path: { organizationId: staff.organizationId },
          query: { action: 'space.template_applied' },
        },
      });
      expect(events.items[0]).toMatchObject({ target: { id: spaceId } });
    });

    it('lands concurrent writes one on the other, losing none', async () => {
      const spaceId = await newSpace();
      const url = fixtures.serve('/concurrent.md', 'text/markdown', '# Imported page\n');
      await Promise.all([
        editor.client.POST('/spaces/{spaceId}/content/template', {
          params: { path: { spaceId } },
          body: { id: 'knowledge-base' },
        }),
        editor.client.POST('/spaces/{spaceId}/content/template', {
          params: { path: { spaceId } },
          body: { id: 'api-reference' },
        }),
        importInto(spaceId, 'markdown', url),
      ]);
      const pages = (await contentOf(spaceId)).pages;
      expect(pages).toHaveLength(5 + 6 + 1);
      expect(pages.map((page) => page.title)).toContain('Imported page');
    });

    it('answers 400 naming the known ids for an unknown one, 403 below edit, 409 when locked', async () => {
      const spaceId = await newSpace();
      const apply = (id: string, user = editor) =>
        user.client.POST('/spaces/{spaceId}/content/template', {
          params: { path: { spaceId } },
          body: { id },
        });
      await expectApiError(
        apply('wiki'),
        400,
        /product-docs, api-reference, knowledge-base, team-handbook/,
      );
      await expectApiError(apply('product-docs', staff.reader), 403);
      await expectApiError(apply('product-docs', staff.outsider), 404);
      await staff.admin.client.PATCH('/spaces/{spaceId}', {
        params: { path: { spaceId } },
        body: { editMode: 'locked' },
      });
      await expectApiError(apply('product-docs'), 409, /locked/);
      expect((await contentOf(spaceId)).pages).toEqual([]);
    });
  });

  describe('single files', () => {
    it('imports a Markdown file as a page titled by its heading, with a Location', async () => {
      const spaceId = await newSpace();
      const url = fixtures.serve(
        '/docs/getting-started.md',
        'text/markdown',
        '# Getting started\n\nRun `quire init`.\n',
      );
      const response = await server.fetch(
        new Request(`${testBaseUrl}/v1/spaces/${spaceId}/content/import`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${editor.token}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ source: 'markdown', url }),
        }),
      );
      expect(response.status).toBe(201);
      const result = (await response.json()) as { revision: string };
      expect(result).toMatchObject({ importedResources: 1, totalResources: 1 });
      expect(response.headers.get('Location')).toMatch(
        new RegExp(`/v1/spaces/${spaceId}/revisions/${result.revision}$`),
      );
      const content = await contentOf(spaceId);
      expect(content.id).toBe(result.revision);
      const [page] = content.pages;
      expect(page?.title).toBe('Getting started');
      expect(await markdownOf(spaceId, page?.id ?? '')).toBe('Run `quire init`.\n');
    });

    it("gives a page the variables its frontmatter's `vars` declare, and leaves any that are no map", async () => {
      const spaceId = await newSpace();
      const importOf = async (path: string, markdown: string) => {
        const url = fixtures.serve(path, 'text/markdown', markdown);
        return editor.client.POST('/spaces/{spaceId}/content/import', {
          params: { path: { spaceId } },
          body: { source: 'markdown', url },
        });
      };
      await importOf(
        '/docs/install.md',
        '---\nvars:\n  version: 3.10\n---\n\n# Install\n\nGet <code class="expression">page.vars.version</code>.\n',
      );
      await importOf('/docs/odd.md', '---\nvars: [3.10]\n---\n\n# Odd\n\nHi.\n');
      const content = await contentOf(spaceId);
      const byTitle = new Map(content.pages.map((page) => [page.title, page]));
      const install = byTitle.get('Install');
      expect(install !== undefined && 'variables' in install ? install.variables : {}).toEqual({
        version: '3.10',
      });
      expect(byTitle.get('Odd')).not.toHaveProperty('variables');
    });

    it('imports into a page, under it; an unknown page is a 404', async () => {
      const spaceId = await newSpace();
      const url = fixtures.serve('/child.md', 'text/markdown', 'No heading here.\n');
      const parent = await importInto(spaceId, 'markdown', url);
      const parentId = (await contentOf(spaceId)).pages[0]?.id ?? '';
      expect(parent.importedResources).toBe(1);
      await editor.client.POST('/spaces/{spaceId}/content/page/{pageId}/import', {
        params: { path: { spaceId, pageId: parentId } },
        body: { source: 'markdown', url },
      });
      expect(titles((await contentOf(spaceId)).pages)).toEqual([['child', ['child']]]);
      await expectApiError(
        editor.client.POST('/spaces/{spaceId}/content/page/{pageId}/import', {
          params: { path: { spaceId, pageId: 'nope' } },
          body: { source: 'markdown', url },
        }),
        404,
      );
    });

    it('converts an HTML page, titled by its <title>, tables and code kept', async () => {
      const spaceId = await newSpace();
      const url = fixtures.serve(
        '/page.html',
        'text/html; charset=utf-8',
        '<html><head><title>Install &amp; run</title><script>alert(1)</script></head><body><h2>Steps</h2><p>Run <code>quire</code> <strong>now</strong>.</p><table><tr><th>OS</th><th>Ok</th></tr><tr><td>Linux</td><td>yes</td></tr></table></body></html>',
      );
      await importInto(spaceId, 'html', url);
      const [page] = (await contentOf(spaceId)).pages;
      expect(page?.title).toBe('Install & run');
      const markdown = await markdownOf(spaceId, page?.id ?? '');
      expect(markdown).toContain('## Steps');
      expect(markdown).toContain('Run `quire` **now**.');
      expect(markdown).toMatch(/\| OS +\| Ok +\|/);
      expect(markdown).not.toContain('alert');
    });

    it('imports a Word document with its image as a file', async () => {
      const spaceId = await newSpace();
      const url = fixtures.serve(
        '/notes.docx',
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        buildDocx(png),
      );
      const result = await importInto(spaceId, 'docx', url);
      expect(result).toMatchObject({ importedResources: 2, totalResources: 2 });
      const content = await contentOf(spaceId);
      expect(content.pages[0]?.title).toBe('Release notes');
      const markdown = await markdownOf(spaceId, content.pages[0]?.id ?? '');
      expect(markdown).toContain('Version 2 ships **faster imports**.');
      expect(markdown).toContain('notes-image-1.png');
      const files = await staff.admin.client.GET('/spaces/{spaceId}/content/files', {
        params: { path: { spaceId } },
      });
      expect(files.items).toEqual([
        expect.objectContaining({ name: 'notes-image-1.png', contentType: 'image/png' }),
      ]);
    });
  });

  describe('zip', () => {
    it('follows SUMMARY.md for the page tree, and keeps images as files', async () => {
      const spaceId = await newSpace();
      const url = fixtures.serve(
        '/book.zip',
        'application/zip',
        buildZip([
          { name: 'book/', data: '' },
          {
            name: 'book/SUMMARY.md',
            data: '# Table of contents\n\n* [Welcome](README.md)\n\n## Guides\n\n* [Install](guides/install.md)\n  * [On Linux](guides/linux.md)\n* [Use](guides/use.md)\n',
          },
          { name: 'book/README.md', data: '# Welcome\n\nHello.\n' },
          { name: 'book/guides/install.md', data: '# Install\n\n![Logo](../assets/logo.png)\n' },
          { name: 'book/guides/linux.md', data: 'Use the package.\n' },
          { name: 'book/guides/use.md', data: '# Use it\n\nDaily work.\n' },
          { name: 'book/guides/unlisted.md', data: 'Not in the summary.\n' },
          { name: 'book/assets/logo.png', data: png },
        ]),
      );
      const result = await importInto(spaceId, 'zip', url);
      // guides/unlisted.md is not in the summary: found, not imported.
      expect(result).toMatchObject({ importedResources: 6, totalResources: 7 });
      const content = await contentOf(spaceId);
      expect(titles(content.pages)).toEqual([
        'Welcome',
        ['Guides', [['Install', ['On Linux']], 'Use']],
      ]);
      const install =
        content.pages[1] && 'pages' in content.pages[1] ? content.pages[1].pages[0] : undefined;
      expect(await markdownOf(spaceId, install?.id ?? '')).toContain('](assets/logo.png)');
      const files = await staff.admin.client.GET('/spaces/{spaceId}/content/files', {
        params: { path: { spaceId } },
      });
      expect(files.items.map((file) => file.name)).toEqual(['assets/logo.png']);
    });

    it('gives pages the meta links their frontmatter declares, and keeps the frontmatter as written', async () => {
      const spaceId = await newSpace();
      const frontmatter = [
        '---',
        'description: Installing.',
        'metaLinks:',
        '  canonical: ./',
        '  alternates:',
        '    - ../fr/installer.md',
        '    - >-',
        '      https://example.com/de/anleitung/installieren-auf-allen-betriebssystemen-und-geraeten',
        '    - missing.md',
        '    - ftp://example.com/install',
        '---',
        '',
      ].join('\n');
      const url = fixtures.serve(
        '/meta-links.zip',
        'application/zip',
        buildZip([
          { name: 'README.md', data: '# Home\n' },
          { name: 'en/README.md', data: '# English\n' },
          { name: 'en/install.md', data: `${frontmatter}# Install\n\nRun it.\n` },
          { name: 'fr/installer.md', data: '# Installer\n' },
        ]),
      );
      await importInto(spaceId, 'zip', url);
      const { pages } = await contentOf(spaceId);
      // The heading after the frontmatter names the page, as GitBook names it.
      const idOf = (title: string) => {
        const walk = (list: readonly RevisionPage[]): string | undefined => {
          for (const page of list) {
            if (page.title === title) return page.id;
            const found = 'pages' in page ? walk(page.pages) : undefined;
            if (found !== undefined) return found;
          }
          return undefined;
        };
        return walk(pages) ?? '';
      };
      const metaLinks = await staff.admin.client.GET(
        '/spaces/{spaceId}/content/page/{pageId}/meta-links',
        { params: { path: { spaceId, pageId: idOf('Install') } } },
      );
      // A path is the page of that file (a folder, its README); what is neither is left out.
      expect(metaLinks).toEqual({
        canonical: { kind: 'page', page: idOf('English') },
        alternates: [
          { kind: 'page', page: idOf('Installer') },
          {
            kind: 'url',
            url: 'https://example.com/de/anleitung/installieren-auf-allen-betriebssystemen-und-geraeten',
          },
        ],
      });
      const body = await markdownOf(spaceId, idOf('Install'));
      expect(body).toContain('  canonical: ./\n');
      expect(body).toMatch(/---\n\nRun it\.\n$/);
    });

    it('reads .gitbook/includes as reusable content, included by the pages that name it', async () => {
      const spaceId = await newSpace();
      const url = fixtures.serve(
        '/includes.zip',
        'application/zip',
        buildZip([
          {
            name: 'SUMMARY.md',
            data: '# Table of contents\n\n* [Guide](guide/README.md)\n  * [Setup](guide/setup.md)\n',
          },
          { name: 'guide/README.md', data: '# Guide\n\nRead on.\n' },
          {
            name: 'guide/setup.md',
            data: '# Setup\n\n{% include "../.gitbook/includes/need-help-join-us....md" %}\n',
          },
          {
            name: '.gitbook/includes/need-help-join-us....md',
            data: '---\ntitle: Need help? Join us\n---\n\nAsk on **Slack**.\n',
          },
        ]),
      );
      const result = await importInto(spaceId, 'zip', url);
      expect(result).toMatchObject({ importedResources: 3, totalResources: 3 });
      const content = await contentOf(spaceId);
      expect(content.reusableContents).toMatchObject([{ title: 'Need help? Join us' }]);
      const setup =
        content.pages[0] && 'pages' in content.pages[0] ? content.pages[0].pages[0] : undefined;
      // Written back under the name its title gives it, relative to the page.
      expect(await markdownOf(spaceId, setup?.id ?? '')).toBe(
        '{% include "../.gitbook/includes/need-help-join-us.md" %}\n',
      );
    });

    it('imports every Markdown file, README first, when there is no summary', async () => {
      const spaceId = await newSpace();
      const url = fixtures.serve(
        '/plain.zip',
        'application/zip',
        buildZip([
          { name: 'b.md', data: '# Bee\n' },
          { name: 'README.md', data: '# Home\n' },
          { name: 'a.md', data: '# Ay\n' },
        ]),
      );
      await importInto(spaceId, 'zip', url);
      expect(titles((await contentOf(spaceId)).pages)).toEqual(['Home', 'Ay', 'Bee']);
    });

    it.each([
      ['path traversal', [{ name: '../evil.md', data: '# x\n' }], /outside/],
      ['an absolute path', [{ name: '/etc/evil.md', data: '# x\n' }], /absolute/],
      [
        'a symbolic link',
        [{ name: 'link.md', data: '/etc/passwd', mode: 0o120777 }],
        /symbolic link/,
      ],
      [
        'a decompression bomb',
        [{ name: 'bomb.md', data: Buffer.alloc(5_000_000, 0x61) }],
        /unpacks to more than/,
      ],
      [
        'a size it lies about',
        [{ name: 'liar.md', data: Buffer.alloc(5000, 0x61), declaredSize: 10 }],
        /can't be read/,
      ],
      ['no Markdown', [{ name: 'image.png', data: png }], /no Markdown/],
    ])('refuses a zip with %s and writes nothing', async (_, entries, message) => {
      const spaceId = await newSpace();
      const before = await contentOf(spaceId);
      const url = fixtures.serve(
        `/hostile-${Math.random()}.zip`,
        'application/zip',
        buildZip(entries),
      );
      await expectApiError(importInto(spaceId, 'zip', url), 400, message);
      expect((await contentOf(spaceId)).id).toBe(before.id);
    });

    it('refuses bytes that are not a zip', async () => {
      const spaceId = await newSpace();
      const url = fixtures.serve('/not.zip', 'application/zip', 'plain text');
      await expectApiError(importInto(spaceId, 'zip', url), 400, /zip/);
    });

    it('imports a large zip of small pages in one revision', async () => {
      const spaceId = await newSpace();
      const pageCount = 300;
      const entries = [
        {
          name: 'SUMMARY.md',
          data: Array.from(
            { length: pageCount },
            (_, index) => `* [Page ${index}](p${index}.md)\n`,
          ).join(''),
        },
        ...Array.from({ length: pageCount }, (_, index) => ({
          name: `p${index}.md`,
          data: `# Page ${index}\n\n${'Some text about the topic. '.repeat(40)}\n`,
        })),
      ];
      const url = fixtures.serve('/large.zip', 'application/zip', buildZip(entries));
      const before = await contentOf(spaceId);
      const result = await importInto(spaceId, 'zip', url);
      expect(result.importedResources).toBe(pageCount);
      const after = await contentOf(spaceId);
      expect(after.pages).toHaveLength(pageCount);
      expect(after.parents).toEqual([before.id]);
    }, 60_000);
  });

  describe('website', () => {
    it('crawls the same origin breadth first, honouring robots.txt and the depth bound', async () => {
      const spaceId = await newSpace();
      fixtures.serve('/robots.txt', 'text/plain', 'User-agent: *\nDisallow: /private\n');
      const html = (title: string, links: string[]) =>
        `<html><head><title>${title}</title></head><body><p>${title} text.</p>${links.map((link) => `<a href="${link}">${link}</a>`).join('')}</body></html>`;
      const start = fixtures.serve(
        '/site/',
        'text/html',
        html('Home', [
          'guide',
          '/site/guide#part',
          '/private/secret',
          'https://example.com/away',
          'logo.png',
        ]),
      );
      fixtures.serve('/site/guide', 'text/html', html('Guide', ['deep/1', '/site/']));
      fixtures.serve('/site/deep/1', 'text/html', html('Deep 1', ['2']));
      fixtures.serve('/site/deep/2', 'text/html', html('Deep 2', ['3']));
      fixtures.serve('/site/deep/3', 'text/html', html('Deep 3', ['4']));
      fixtures.serve('/site/logo.png', 'image/png', png);
      fixtures.serve('/private/secret', 'text/html', html('Secret', []));
      const result = await importInto(spaceId, 'website', start);
      expect(titles((await contentOf(spaceId)).pages)).toEqual([
        'Home',
        'Guide',
        'Deep 1',
        'Deep 2',
      ]);
      // Deep 3 is beyond three links from the start.
      expect(result).toMatchObject({ importedResources: 4, totalResources: 5 });
      expect(fixtures.requested).not.toContain('/private/secret');
      expect(fixtures.requested).not.toContain('/site/deep/3');
    });
    it('imports nothing from a start page robots.txt disallows: 400, nothing written', async () => {
      const spaceId = await newSpace();
      const before = await contentOf(spaceId);
      fixtures.serve('/robots.txt', 'text/plain', 'User-agent: *\nDisallow: /private\n');
      const start = fixtures.serve('/private/start', 'text/html', '<title>Hidden</title>');
      await expectApiError(importInto(spaceId, 'website', start), 400, /No HTML page/);
      expect((await contentOf(spaceId)).id).toBe(before.id);
      expect(fixtures.requested).not.toContain('/private/start');
    });
  });

  describe('sources and guards', () => {
    it('refuses the sources Quire does not import, naming the supported ones', async () => {
      const spaceId = await newSpace();
      await expectApiError(
        importInto(spaceId, 'notion', `${fixtures.origin}/x`),
        400,
        /markdown, html, zip, website, docx/,
      );
    });

    it('answers 400 when the source is missing, and 403 below edit', async () => {
      const spaceId = await newSpace();
      await expectApiError(
        importInto(spaceId, 'markdown', `${fixtures.origin}/missing.md`),
        400,
        /404/,
      );
      const url = fixtures.serve('/ok.md', 'text/markdown', '# Ok\n');
      await expectApiError(importInto(spaceId, 'markdown', url, staff.reader), 403);
      await expectApiError(importInto(spaceId, 'markdown', url, staff.outsider), 404);
    });

    it('refuses imports into a locked space with 409, before fetching anything', async () => {
      const spaceId = await newSpace();
      await staff.admin.client.PATCH('/spaces/{spaceId}', {
        params: { path: { spaceId } },
        body: { editMode: 'locked' },
      });
      const url = fixtures.serve('/locked.md', 'text/markdown', '# Locked\n');
      await expectApiError(importInto(spaceId, 'markdown', url), 409, /locked/);
      expect(fixtures.requested).not.toContain('/locked.md');
    });

    it('refuses private addresses unless the server allows them', async () => {
      const guarded = await startTestServer();
      try {
        const guardedStaff = await createStaffedOrganization(guarded);
        const space = await guardedStaff.admin.client.POST('/orgs/{organizationId}/spaces', {
          params: { path: { organizationId: guardedStaff.organizationId } },
          body: { title: 'Guarded' },
        });
        const url = fixtures.serve('/guarded.md', 'text/markdown', '# Guarded\n');
        await expectApiError(
          guardedStaff.admin.client.POST('/spaces/{spaceId}/content/import', {
            params: { path: { spaceId: space.id } },
            body: { source: 'markdown', url },
          }),
          400,
          /could not be imported/,
        );
      } finally {
        await guarded.close();
      }
    });

    it('imports into a change request without touching the space', async () => {
      const spaceId = await newSpace();
      const before = await contentOf(spaceId);
      const changeRequest = await editor.client.POST('/spaces/{spaceId}/change-requests', {
        params: { path: { spaceId } },
        body: {},
      });
      const url = fixtures.serve('/cr.md', 'text/markdown', '# Proposed\n\nText.\n');
      const result = await editor.client.POST(
        '/spaces/{spaceId}/change-requests/{changeRequestId}/content/import',
        {
          params: { path: { spaceId, changeRequestId: changeRequest.id } },
          body: { source: 'markdown', url },
        },
      );
      expect(result.importedResources).toBe(1);
      expect((await contentOf(spaceId)).id).toBe(before.id);
      const inChangeRequest = await editor.client.GET(
        '/spaces/{spaceId}/change-requests/{changeRequestId}/content',
        { params: { path: { spaceId, changeRequestId: changeRequest.id } } },
      );
      expect(inChangeRequest.id).toBe(result.revision);
      expect(titles(inChangeRequest.pages)).toEqual(['Proposed']);
    });
  });
});
