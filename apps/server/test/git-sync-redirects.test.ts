import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRepository } from '../src/domain/git-sync/read-repository.js';
import { expectApiError } from './support/expect-api-error.js';
import type { GitHttpServer } from './support/git-http-server.js';
import { startGitSyncSetup, stopGitSyncSetup } from './support/git-sync-setup.js';
import type { StaffedOrganization, TestServer } from './support/test-server.js';

const credentials = { username: 'writer', password: 's3cret-token' };

const summary = [
  '# Table of contents',
  '',
  '* [Welcome](README.md)',
  '* [Support](support.md)',
  '* [Guides](guides/README.md)',
  '  * [Setup](guides/setup.md)',
  '',
].join('\n');

const config = (redirects: Record<string, string>) =>
  [
    'root: ./docs/',
    '',
    'redirects:',
    ...Object.entries(redirects).map(([source, target]) => `  ${source}: ${target}`),
    '',
  ].join('\n');

describe('Git sync redirects', () => {
  let server: TestServer;
  let git: GitHttpServer;
  let org: StaffedOrganization;
  let spaceId: string;
  let siteId: string;
  let repo: string;

  const siteUrl = (path = '') => `http://quire.test/s/${siteId}/${path}`;
  const open = (path: string) => server.fetch(new Request(siteUrl(path), { redirect: 'manual' }));
  const at = () => ({ organizationId: org.organizationId, siteId });
  const bySource = (source: string, client = org.reader.client) =>
    client.GET('/orgs/{organizationId}/sites/{siteId}/redirect', {
      params: { path: at(), query: { source } },
    });
  const write = async (path: string, text: string) => {
    await mkdir(dirname(join(repo, path)), { recursive: true });
    await writeFile(join(repo, path), text);
  };
  const push = async (message: string) => {
    await git.git(repo, 'add', '-A');
    await git.git(repo, 'commit', '-qm', message);
    await git.git(repo, 'push', '-q', 'origin', 'main');
  };
  const sync = async (direction: 'import' | 'export') => {
    const params = { path: { spaceId } };
    const url = git.url('docs', credentials);
    if (direction === 'import') {
      await org.admin.client.POST('/spaces/{spaceId}/git/import', {
        params,
        body: { url, ref: 'main' },
      });
    } else {
      await org.admin.client.POST('/spaces/{spaceId}/git/export', {
        params,
        body: { url, ref: 'main', commitMessage: 'Export' },
      });
    }
    await server.jobs.runDue();
    const info = await org.admin.client.GET('/spaces/{spaceId}/git/info', { params });
    expect(info.operation, info.operation?.error).toMatchObject({ state: 'success', direction });
  };

  beforeAll(async () => {
    ({ server, git, org } = await startGitSyncSetup(credentials));
    await git.createRepository('docs');
    repo = await git.clone('docs');
    await write(
      '.gitbook.yaml',
      config({
        help: './support.md',
        'guides/old-setup': 'guides/setup.md',
        // A page is at this path: it is served, the redirect is not followed.
        support: 'README.md',
        // No page of the repository: left out.
        gone: 'missing.md',
      }),
    );
    await write('docs/SUMMARY.md', summary);
    await write('docs/README.md', '# Welcome\n\nHello.\n');
    await write('docs/support.md', '# Support\n\nAsk us.\n');
    await write('docs/guides/README.md', '# Guides\n\nAll the guides.\n');
    await write('docs/guides/setup.md', '# Setup\n\nRun it.\n');
    await push('Docs with redirects');

    const space = await org.admin.client.POST('/orgs/{organizationId}/spaces', {
      params: { path: { organizationId: org.organizationId } },
      body: { title: 'Docs' },
    });
    spaceId = space.id;
    await sync('import');
    const site = await org.admin.client.POST('/orgs/{organizationId}/sites', {
      params: { path: { organizationId: org.organizationId } },
      body: { title: 'Acme docs', spaces: [spaceId] },
    });
    siteId = site.id;
    await org.admin.client.POST('/orgs/{organizationId}/sites/{siteId}/publish', {
      params: { path: at() },
    });
  });
  afterAll(() => stopGitSyncSetup({ server, git }));

  it('reads the redirects of .gitbook.yaml, each to the file of a page of the repository', () => {
    const files = new Map(
      Object.entries({
        '.gitbook.yaml': config({
          help: './support.md',
          '/guides/old-setup/': 'guides/setup.md',
          gone: 'missing.md',
          nested: '../outside.md',
        }),
        'docs/SUMMARY.md': summary,
        'docs/README.md': '# Welcome\n',
        'docs/support.md': '# Support\n',
        'docs/guides/README.md': '# Guides\n',
        'docs/guides/setup.md': '# Setup\n',
        'outside.md': '# Outside\n',
      }).map(([path, text]) => [path, Buffer.from(text)]),
    );
    expect(readRepository(files, '').redirects).toEqual([
      { source: 'help', key: 'docs/support.md' },
      { source: 'guides/old-setup', key: 'docs/guides/setup.md' },
    ]);
    expect(readRepository(new Map(), '').redirects).toEqual([]);
  });

  it('sends readers of an old path to the page it names, permanently', async () => {
    const help = await open('help');
    expect(help.status).toBe(308);
    expect(help.headers.get('location')).toBe(siteUrl('support'));
    const setup = await open('guides/old-setup');
    expect(setup.status).toBe(308);
    expect(setup.headers.get('location')).toBe(siteUrl('guides/setup'));
    expect((await open('support')).status).toBe(200);
    expect((await open('gone')).status).toBe(404);
  });

  it('answers getSiteRedirectBySource with the space redirect, to readers too', async () => {
    const found = await bySource('/guides/old-setup');
    expect(found.target).toBe(siteUrl('guides/setup'));
    expect(found.redirect).toMatchObject({
      object: 'site-redirect',
      source: '/guides/old-setup',
      draft: false,
      captureWildcard: false,
      permanent: true,
      destination: { kind: 'site-page' },
    });
    await expectApiError(bySource('/gone'), 404);
    await expectApiError(bySource('/help*'), 404);
  });

  it('lets a site redirect with the same source win', async () => {
    const created = await org.creator.client.POST(
      '/orgs/{organizationId}/sites/{siteId}/redirects',
      {
        params: { path: at() },
        body: {
          source: '/help',
          destination: { kind: 'external', url: 'https://example.com/help' },
        },
      },
    );
    try {
      const opened = await open('help');
      expect(opened.status).toBe(307);
      expect(opened.headers.get('location')).toBe('https://example.com/help');
      expect((await bySource('/help')).redirect.id).toBe(created.id);
    } finally {
      await org.creator.client.DELETE(
        '/orgs/{organizationId}/sites/{siteId}/redirects/{siteRedirectId}',
        { params: { path: { ...at(), siteRedirectId: created.id } } },
      );
    }
    expect((await open('help')).headers.get('location')).toBe(siteUrl('support'));
  });

  it('exports without a commit, leaving .gitbook.yaml as it is', async () => {
    const commits = await git.commits('docs');
    const before = (await git.files('docs')).get('.gitbook.yaml');
    await sync('export');
    expect(await git.commits('docs')).toEqual(commits);
    expect((await git.files('docs')).get('.gitbook.yaml')).toBe(before);
  });

  it('drops a redirect a later push removes, and follows one it moves', async () => {
    await git.git(repo, 'pull', '-q', 'origin', 'main');
    await write('.gitbook.yaml', config({ 'guides/old-setup': 'support.md' }));
    await push('Fewer redirects');
    await sync('import');
    expect((await open('help')).status).toBe(404);
    await expectApiError(bySource('/help'), 404);
    expect((await open('guides/old-setup')).headers.get('location')).toBe(siteUrl('support'));
  });

  it('drops every redirect when .gitbook.yaml has none, and a removed page stops answering', async () => {
    await git.git(repo, 'pull', '-q', 'origin', 'main');
    await rm(join(repo, '.gitbook.yaml'));
    await write('.gitbook.yaml', 'root: ./docs/\n');
    await push('No redirects');
    await sync('import');
    expect((await open('guides/old-setup')).status).toBe(404);
  });
});
