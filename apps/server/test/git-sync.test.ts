import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError } from './support/expect-api-error.js';
import type { GitHttpServer } from './support/git-http-server.js';
import { startGitSyncSetup, stopGitSyncSetup } from './support/git-sync-setup.js';
import {
  gitbookBody,
  gitbookPageLink,
  gitbookParagraph,
  gitbookText,
} from './support/gitbook-json.js';
import { spaceEditing } from './support/space-editing.js';
import { createSpaceWithContent } from './support/space-with-content.js';
import type { StaffedOrganization, TestServer, TestUser } from './support/test-server.js';

const credentials = { username: 'writer', password: 's3cret-token' };

describe('Git sync', () => {
  let server: TestServer;
  let git: GitHttpServer;
  let org: StaffedOrganization;
  let spaceId: string;

  const gitOf = (user: TestUser, space: () => string) => ({
    importRepository: (body: Record<string, unknown>) =>
      user.client.POST('/spaces/{spaceId}/git/import', {
        params: { path: { spaceId: space() } },
        // Invalid bodies are sent on purpose: the server must refuse them.
        body: body as never,
      }),
    exportRepository: (body: Record<string, unknown>) =>
      user.client.POST('/spaces/{spaceId}/git/export', {
        params: { path: { spaceId: space() } },
        body: body as never,
      }),
    info: () =>
      user.client.GET('/spaces/{spaceId}/git/info', { params: { path: { spaceId: space() } } }),
  });
  const admin = () => gitOf(org.admin, () => spaceId);

  const pages = async (space: string) =>
    org.admin.client.GET('/spaces/{spaceId}/content/pages', {
      params: { path: { spaceId: space } },
    });
  const markdownOf = async (space: string, path: string) => {
    const page = await org.admin.client.GET('/spaces/{spaceId}/content/path/{pagePath}', {
      params: { path: { spaceId: space, pagePath: path }, query: { format: 'markdown' } },
    });
    return 'markdown' in page ? page.markdown : undefined;
  };
  const revisionOf = async (space: string) =>
    (await org.admin.client.GET('/spaces/{spaceId}', { params: { path: { spaceId: space } } }))
      .revision;

  beforeAll(async () => {
    ({ server, git, org } = await startGitSyncSetup(credentials));
    spaceId = await createSpaceWithContent(org, 'Handbook', [
      {
        operation: 'insert_page',
        ref: 'intro',
        title: 'Introduction',
        document: { markdown: 'Welcome to the **handbook**.\n' },
      },
      {
        operation: 'insert_page',
        ref: 'guides',
        title: 'Guides',
        description: 'How to do things',
        document: { markdown: 'All the guides.\n' },
      },
      {
        operation: 'insert_page',
        into: 'guides',
        title: 'Install',
        document: { markdown: 'Run `npm install`.\n' },
      },
      {
        operation: 'insert_page',
        into: 'guides',
        title: 'Deploy',
        hidden: true,
        document: { markdown: 'Push to **main**.\n' },
      },
      {
        operation: 'insert_page',
        type: 'link',
        title: 'Website',
        document: {},
        target: { kind: 'url', url: 'https://example.com/' },
      },
    ]);
    await git.createRepository('handbook');
  });
  afterAll(() => stopGitSyncSetup({ server, git }));

  it("exports a space in GitBook's format, then makes no commit when nothing changed", async () => {
    await expectApiError(admin().info(), 404);
    await admin().exportRepository({
      url: git.url('handbook', credentials),
      ref: 'refs/heads/main',
      commitMessage: 'First export',
    });
    expect((await admin().info()).operation).toMatchObject({
      state: 'queued',
      direction: 'export',
    });
    await server.jobs.runDue();
    const info = await admin().info();
    expect(info).toMatchObject({
      installationProvider: 'git',
      installationStatus: 'active',
      repoName: 'handbook',
      url: git.url('handbook'),
      branch: 'main',
      operation: { state: 'success', direction: 'export' },
    });
    expect(JSON.stringify(info)).not.toContain(credentials.password);
    const commits = await git.commits('handbook');
    expect(commits).toHaveLength(1);
    expect(info.operation?.commit).toBe(commits[0]);

    const files = await git.files('handbook');
    expect([...files.keys()].sort()).toEqual([
      'README.md',
      'SUMMARY.md',
      'guides/README.md',
      'guides/deploy.md',
      'guides/install.md',
    ]);
    expect(files.get('SUMMARY.md')).toBe(
      [
        '# Table of contents',
        '',
        '* [Introduction](README.md)',
        '* [Guides](guides/README.md)',
        '  * [Install](guides/install.md)',
        '  * [Deploy](guides/deploy.md)',
        '* [Website](https://example.com/)',
        '',
      ].join('\n'),
    );
    expect(files.get('README.md')).toBe('# Introduction\n\nWelcome to the **handbook**.\n');
    expect(files.get('guides/README.md')).toBe(
      '---\ndescription: How to do things\n---\n\n# Guides\n\nAll the guides.\n',
    );
    expect(files.get('guides/deploy.md')).toBe(
      '---\nhidden: true\n---\n\n# Deploy\n\nPush to **main**.\n',
    );

    await admin().exportRepository({
      url: git.url('handbook', credentials),
      ref: 'main',
      commitMessage: 'Again',
    });
    await server.jobs.runDue();
    expect((await admin().info()).operation).toMatchObject({ state: 'success' });
    expect(await git.commits('handbook')).toHaveLength(1);
  });

  it('exports one edited page as one changed file, authored by the member who asks', async () => {
    const editing = spaceEditing(org.admin, () => spaceId);
    const all = (await pages(spaceId)).pages.flatMap((page) =>
      'pages' in page ? [page, ...page.pages] : [page],
    );
    const install = all.find((page) => page.title === 'Install');
    const deploy = all.find((page) => page.title === 'Deploy');
    const changeRequest = await editing.openChangeRequest();
    await editing.apply(changeRequest, [
      {
        operation: 'update_page',
        page: install?.id ?? '',
        // As the editor writes it: the link names the page by its id.
        document: gitbookBody(
          gitbookParagraph(
            gitbookText('Run '),
            gitbookText('pnpm install', [{ object: 'mark', type: 'code' }]),
            gitbookText(', then '),
            gitbookPageLink(deploy?.id ?? '', 'deploy'),
            gitbookText('.'),
          ),
        ),
      },
    ]);
    await editing.merge(changeRequest);
    await admin().exportRepository({
      url: git.url('handbook', credentials),
      ref: 'main',
      commitMessage: 'Use pnpm',
    });
    await server.jobs.runDue();
    const repo = await git.clone('handbook');
    expect(await git.git(repo, 'show', '--name-only', '--format=%an <%ae>|%s', 'HEAD')).toBe(
      `${org.admin.user.displayName || org.admin.user.email} <${org.admin.user.email}>|Use pnpm\n\nguides/install.md\n`,
    );
    // A link to a page by its id is written as the path of that page's file.
    expect((await git.files('handbook')).get('guides/install.md')).toBe(
      '# Install\n\nRun `pnpm install`, then [deploy](deploy.md).\n',
    );
  });

  it('imports what a writer pushed, touching only the pages the push changed', async () => {
    const repo = await git.clone('handbook');
    await writeFile(
      join(repo, 'guides/deploy.md'),
      '---\nhidden: true\n---\n\n# Deploy\n\nPush to **release**.\n',
    );
    await git.git(repo, 'commit', '-qam', 'Deploy from release');
    await git.git(repo, 'push', '-q', 'origin', 'main');
    const before = await revisionOf(spaceId);
    await admin().importRepository({
      url: git.url('handbook', credentials),
      ref: 'refs/heads/main',
    });
    await server.jobs.runDue();
    expect((await admin().info()).operation).toMatchObject({
      state: 'success',
      direction: 'import',
    });
    const after = await revisionOf(spaceId);
    expect(after).not.toBe(before);
    expect(await markdownOf(spaceId, 'guides/deploy')).toContain('Push to **release**.');
    const changes = await org.admin.client.GET('/spaces/{spaceId}/revisions/{revisionId}/changes', {
      params: { path: { spaceId, revisionId: after ?? '' } },
    });
    expect(changes.changes.map((change) => change.type)).toEqual(['page_edited']);

    await admin().importRepository({ url: git.url('handbook', credentials), ref: 'main' });
    await server.jobs.runDue();
    expect(await revisionOf(spaceId)).toBe(after);
    await admin().exportRepository({
      url: git.url('handbook', credentials),
      ref: 'main',
      commitMessage: 'No change',
    });
    await server.jobs.runDue();
    expect(await git.commits('handbook')).toHaveLength(3);
  });

  it('imports a repository GitBook wrote and exports it again without a commit', async () => {
    await git.createRepository('gitbook-docs');
    const repo = await git.clone('gitbook-docs');
    const write = async (path: string, text: string | Buffer) => {
      await mkdir(dirname(join(repo, path)), { recursive: true });
      await writeFile(join(repo, path), text);
    };
    await write(
      '.gitbook.yaml',
      'root: ./docs/\n\nstructure:\n  readme: README.md\n  summary: SUMMARY.md\n',
    );
    await write('package.json', '{"name":"left-alone"}\n');
    await write(
      'docs/SUMMARY.md',
      [
        '# Table of contents',
        '',
        '* [Overview](README.md)',
        '* [Quickstart](quickstart.md)',
        '',
        '## Reference',
        '',
        '* [API](reference/api/README.md)',
        '  * [Errors](reference/api/errors.md)',
        '* [Changelog](https://example.com/changes)',
        '',
      ].join('\n'),
    );
    await write(
      'docs/README.md',
      '---\ndescription: >-\n  What this product is, in a long sentence that GitBook folds over\n  two lines.\nlayout:\n  title:\n    visible: true\n---\n\n# Overview\n\nHello.\n\n<figure><img src=".gitbook/assets/logo.png" alt=""><figcaption></figcaption></figure>\n',
    );
    await write(
      'docs/quickstart.md',
      '---\nicon: rocket\nmetaLinks:\n  canonical: https://example.com/start\n  alternates:\n    - reference/api/\n---\n\n# Quickstart\n\n{% hint style="info" %}\nA hint.\n{% endhint %}\n\n* one\n* two\n',
    );
    await write('docs/reference/api/README.md', '# API\n\nSee [errors](errors.md).\n');
    await write(
      'docs/reference/api/errors.md',
      '# Errors\n\n| Code | Meaning |\n| ---- | ------- |\n| 404  | Gone    |\n\n{% include "../../.gitbook/includes/need-help.md" %}\n',
    );
    await write(
      'docs/.gitbook/includes/need-help.md',
      '---\ntitle: Need help?\n---\n\nAsk on **Slack**.\n',
    );
    await write('docs/.gitbook/assets/logo.png', Buffer.from('89504e470d0a1a0a', 'hex'));
    await git.git(repo, 'add', '-A');
    await git.git(repo, 'commit', '-qm', 'Docs written in GitBook');
    await git.git(repo, 'push', '-q', 'origin', 'main');

    const space = await org.admin.client.POST('/orgs/{organizationId}/spaces', {
      params: { path: { organizationId: org.organizationId } },
      body: { title: 'Imported' },
    });
    const imported = gitOf(org.admin, () => space.id);
    await imported.importRepository({ url: git.url('gitbook-docs', credentials), ref: 'main' });
    await server.jobs.runDue();
    expect((await imported.info()).operation).toMatchObject({ state: 'success' });
    const tree = (await pages(space.id)).pages;
    expect(tree.map((page) => [page.type, page.title])).toEqual([
      ['document', 'Overview'],
      ['document', 'Quickstart'],
      ['group', 'Reference'],
    ]);
    const reference = tree[2];
    expect(
      reference && 'pages' in reference ? reference.pages.map((page) => page.title) : [],
    ).toEqual(['API', 'Changelog']);
    const quickstart = tree[1];
    const api = reference && 'pages' in reference ? reference.pages[0] : undefined;
    expect(quickstart).toMatchObject({
      icon: 'rocket',
      slug: 'quickstart',
      metaLinks: {
        canonical: { kind: 'url', url: 'https://example.com/start' },
        alternates: [{ kind: 'page', page: api?.id }],
      },
    });
    expect(tree[0]).toMatchObject({
      description: 'What this product is, in a long sentence that GitBook folds over two lines.',
    });
    const files = await org.admin.client.GET('/spaces/{spaceId}/content/files', {
      params: { path: { spaceId: space.id } },
    });
    expect(files.items.map((file) => file.name)).toEqual(['logo.png']);

    const revision = await org.admin.client.GET('/spaces/{spaceId}/content', {
      params: { path: { spaceId: space.id } },
    });
    expect(revision.reusableContents).toMatchObject([{ title: 'Need help?' }]);

    const commits = await git.commits('gitbook-docs');
    await imported.exportRepository({
      url: git.url('gitbook-docs', credentials),
      ref: 'main',
      commitMessage: 'Nothing',
    });
    await server.jobs.runDue();
    expect((await imported.info()).operation).toMatchObject({
      state: 'success',
      direction: 'export',
    });
    expect(await git.commits('gitbook-docs')).toEqual(commits);

    // An edit of the reusable content changes its file alone.
    const editing = spaceEditing(org.admin, () => space.id);
    const changeRequest = await editing.openChangeRequest();
    await editing.apply(changeRequest, [
      {
        operation: 'update_reusable_content',
        reusableContent: revision.reusableContents[0]?.id ?? '',
        document: { markdown: 'Ask on **Slack** or by email.\n' },
      },
    ]);
    await editing.merge(changeRequest);
    await imported.exportRepository({
      url: git.url('gitbook-docs', credentials),
      ref: 'main',
      commitMessage: 'Help',
    });
    await server.jobs.runDue();
    const clone = await git.clone('gitbook-docs');
    expect(await git.git(clone, 'show', '--name-only', '--format=%s', 'HEAD')).toBe(
      'Help\n\ndocs/.gitbook/includes/need-help.md\n',
    );
    expect((await git.files('gitbook-docs')).get('docs/.gitbook/includes/need-help.md')).toBe(
      '---\ntitle: Need help?\n---\n\nAsk on **Slack** or by email.\n',
    );

    // A page edited in the space keeps its frontmatter, meta links included, byte for byte.
    const edit = await editing.openChangeRequest();
    await editing.apply(edit, [
      {
        operation: 'update_page',
        page: quickstart?.id ?? '',
        document: { markdown: '* one\n* two\n* three\n' },
      },
    ]);
    await editing.merge(edit);
    await imported.exportRepository({
      url: git.url('gitbook-docs', credentials),
      ref: 'main',
      commitMessage: 'Three',
    });
    await server.jobs.runDue();
    expect((await git.files('gitbook-docs')).get('docs/quickstart.md')).toBe(
      '---\nicon: rocket\nmetaLinks:\n  canonical: https://example.com/start\n  alternates:\n    - reference/api/\n---\n\n# Quickstart\n\n* one\n* two\n* three\n',
    );
  });

  it('refuses bad requests and callers who may not sync', async () => {
    await expectApiError(
      admin().importRepository({ url: 'ftp://example.com/repo.git', ref: 'main' }),
      400,
    );
    await expectApiError(
      admin().importRepository({ url: git.url('handbook'), ref: 'refs/heads/a..b' }),
      400,
    );
    await expectApiError(
      admin().importRepository({
        url: git.url('handbook'),
        ref: 'main',
        repoProjectDirectory: '../up',
      }),
      400,
    );
    await expectApiError(admin().exportRepository({ url: git.url('handbook'), ref: 'main' }), 400);
    await expectApiError(
      admin().importRepository({ url: git.url('handbook'), ref: 'main', extra: 1 }),
      400,
    );
    await expectApiError(
      gitOf(org.reader, () => spaceId).importRepository({ url: git.url('handbook'), ref: 'main' }),
      403,
    );
    await expectApiError(
      gitOf(org.reader, () => spaceId).exportRepository({
        url: git.url('handbook'),
        ref: 'main',
        commitMessage: 'x',
      }),
      403,
    );
    await expectApiError(gitOf(org.outsider, () => spaceId).info(), 404);
    await expectApiError(gitOf(org.admin, () => 'missing').info(), 404);
    expect((await gitOf(org.reader, () => spaceId).info()).repoName).toBe('handbook');
  });

  it('makes an import below admin a change request for review, and keeps exports to admins', async () => {
    const writer = gitOf(org.creator, () => spaceId);
    await expectApiError(
      writer.exportRepository({
        url: git.url('handbook', credentials),
        ref: 'main',
        commitMessage: 'x',
      }),
      403,
      /admin/,
    );
    const repo = await git.clone('handbook');
    await writeFile(join(repo, 'README.md'), '# Introduction\n\nProposed by a writer.\n');
    await git.git(repo, 'commit', '-qam', 'Propose an introduction');
    await git.git(repo, 'push', '-q', 'origin', 'main');
    const before = await revisionOf(spaceId);
    await writer.importRepository({ url: git.url('handbook', credentials), ref: 'main' });
    await server.jobs.runDue();
    const { operation } = await writer.info();
    expect(operation).toMatchObject({ state: 'success', direction: 'import' });
    // The space's content is as it was; the push waits in a change request.
    expect(await revisionOf(spaceId)).toBe(before);
    expect(await markdownOf(spaceId, 'introduction')).not.toContain('Proposed by a writer');
    const proposed = await org.admin.client.GET(
      '/spaces/{spaceId}/change-requests/{changeRequestId}',
      { params: { path: { spaceId, changeRequestId: operation?.changeRequest ?? '' } } },
    );
    expect(proposed).toMatchObject({ status: 'open', subject: expect.stringMatching(/^Import/) });
  });

  it('leaves the space untouched when the remote refuses, retries, then says why', async () => {
    const before = await revisionOf(spaceId);
    await admin().importRepository({
      url: git.url('handbook', { username: 'writer', password: 'wrong' }),
      ref: 'main',
    });
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await server.jobs.runDue();
      server.clock.advance(11 * 60 * 1000);
    }
    const info = await admin().info();
    expect(info.operation).toMatchObject({ state: 'failure', direction: 'import' });
    expect(info.operation?.error).toMatch(/401/);
    expect(info.operation?.error).not.toContain('wrong');
    expect(await revisionOf(spaceId)).toBe(before);
    const events = await org.admin.client.GET('/orgs/{organizationId}/audit-events', {
      params: { path: { organizationId: org.organizationId }, query: { limit: 100 } },
    });
    const actions = events.items.map((event) => event.action);
    expect(actions).toContain('space.git_sync_failed');
    expect(actions).toContain('space.git_exported');
    expect(actions).toContain('space.git_imported');
  });

  it('puts a repository edit of a page also edited in the space in a change request', async () => {
    const editing = spaceEditing(org.admin, () => spaceId);
    const changeRequest = await editing.openChangeRequest();
    const intro = (await pages(spaceId)).pages[0];
    await editing.apply(changeRequest, [
      {
        operation: 'update_page',
        page: intro?.id ?? '',
        document: { markdown: 'Welcome, from the space.\n' },
      },
    ]);
    await editing.merge(changeRequest);
    const repo = await git.clone('handbook');
    await writeFile(join(repo, 'README.md'), '# Introduction\n\nWelcome, from the repository.\n');
    await git.git(repo, 'commit', '-qam', 'Repository welcome');
    await git.git(repo, 'push', '-q', 'origin', 'main');
    const before = await revisionOf(spaceId);
    await admin().importRepository({ url: git.url('handbook', credentials), ref: 'main' });
    await server.jobs.runDue();
    expect(await revisionOf(spaceId)).toBe(before);
    expect(await markdownOf(spaceId, 'introduction')).toContain('from the space');
    const info = await admin().info();
    const changeRequestId = info.operation?.changeRequest ?? '';
    const open = await org.admin.client.GET('/spaces/{spaceId}/change-requests/{changeRequestId}', {
      params: { path: { spaceId, changeRequestId } },
    });
    expect(open).toMatchObject({
      status: 'open',
      subject: expect.stringMatching(/^Import from main/),
    });
    // Its merge shows the conflict as data: the space and the repository both wrote the body.
    const merge = await org.admin.client.POST(
      '/spaces/{spaceId}/change-requests/{changeRequestId}/merge',
      { params: { path: { spaceId, changeRequestId } } },
    );
    expect(merge).toMatchObject({
      result: 'conflicts',
      conflicts: [{ page: intro?.id, field: 'document' }],
    });
    expect(await revisionOf(spaceId)).toBe(before);
  });

  it('merges edits of different pages made on both sides since they last agreed', async () => {
    const editing = spaceEditing(org.admin, () => spaceId);
    await admin().exportRepository({
      url: git.url('handbook', credentials),
      ref: 'main',
      commitMessage: 'Agree',
    });
    await server.jobs.runDue();
    const pagesNow = (await pages(spaceId)).pages;
    const guides = pagesNow.find((page) => page.title === 'Guides');
    const changeRequest = await editing.openChangeRequest();
    await editing.apply(changeRequest, [
      {
        operation: 'update_page',
        page: guides?.id ?? '',
        document: { markdown: 'Every guide, in order.\n' },
      },
    ]);
    await editing.merge(changeRequest);
    const repo = await git.clone('handbook');
    await writeFile(
      join(repo, 'guides/install.md'),
      '# Install\n\nRun `pnpm install --frozen-lockfile`.\n',
    );
    await git.git(repo, 'commit', '-qam', 'Frozen lockfile');
    await git.git(repo, 'push', '-q', 'origin', 'main');
    await admin().importRepository({ url: git.url('handbook', credentials), ref: 'main' });
    await server.jobs.runDue();
    expect((await admin().info()).operation).toMatchObject({
      state: 'success',
      direction: 'import',
    });
    expect(await markdownOf(spaceId, 'guides')).toContain('Every guide, in order.');
    expect(await markdownOf(spaceId, 'guides/install')).toContain('--frozen-lockfile');
    // The space's own edit goes out at the next export; the repository's is not written again.
    await admin().exportRepository({
      url: git.url('handbook', credentials),
      ref: 'main',
      commitMessage: 'Guides',
    });
    await server.jobs.runDue();
    const clone = await git.clone('handbook');
    expect(await git.git(clone, 'show', '--name-only', '--format=%s', 'HEAD')).toBe(
      'Guides\n\nguides/README.md\n',
    );
  });

  it('keeps an agreement per repository, so an export elsewhere leaves the first as it was', async () => {
    await server.jobs.runDue();
    await admin().exportRepository({
      url: git.url('handbook', credentials),
      ref: 'main',
      commitMessage: 'Settle',
    });
    await server.jobs.runDue();
    const settled = await git.commits('handbook');
    await git.createRepository('handbook-copy');
    await admin().exportRepository({
      url: git.url('handbook-copy', credentials),
      ref: 'main',
      commitMessage: 'Copy',
    });
    await server.jobs.runDue();
    expect(await git.commits('handbook-copy')).toHaveLength(1);
    await admin().exportRepository({
      url: git.url('handbook', credentials),
      ref: 'main',
      commitMessage: 'Nothing new',
    });
    await server.jobs.runDue();
    expect(await git.commits('handbook')).toEqual(settled);
    expect(await admin().info()).toMatchObject({
      url: git.url('handbook'),
      operation: { state: 'success' },
    });
  });

  it("keeps the space's variables in .gitbook/vars.yaml, both ways, GitBook's text kept", async () => {
    const variablesSpace = await createSpaceWithContent(org, 'Versions', [
      { operation: 'insert_page', title: 'Install', document: { markdown: 'Install it.\n' } },
      { operation: 'update_variables', variables: { version: '3.10', product: 'Quire' } },
    ]);
    const sync = gitOf(org.admin, () => variablesSpace);
    const variablesNow = async () =>
      org.admin.client.GET('/spaces/{spaceId}/revisions/{revisionId}/variables', {
        params: {
          path: { spaceId: variablesSpace, revisionId: (await revisionOf(variablesSpace)) ?? '' },
        },
      });
    const exportAs = async (commitMessage: string) => {
      await sync.exportRepository({
        url: git.url('versions', credentials),
        ref: 'main',
        commitMessage,
      });
      await server.jobs.runDue();
    };
    await git.createRepository('versions');
    await exportAs('First export');
    const vars = async () => {
      const bytes = (await git.files('versions')).get('.gitbook/vars.yaml');
      return bytes === undefined ? undefined : Buffer.from(bytes).toString('utf8');
    };
    // A value YAML would read as a number is quoted, so it reads back as the text it is.
    expect(await vars()).toBe('version: "3.10"\nproduct: Quire\n');
    await exportAs('Nothing changed');
    expect(await git.commits('versions')).toHaveLength(1);

    // Edited in the repository, GitBook's way: the space takes the values, and the next export
    // leaves the file as written.
    const repo = await git.clone('versions');
    const edited = '# Bumped for the release\nversion: 3.11\nproduct: Quire\nchannel: beta\n';
    await writeFile(join(repo, '.gitbook/vars.yaml'), edited);
    await git.git(repo, 'commit', '-qam', 'Release 3.11');
    await git.git(repo, 'push', '-q', 'origin', 'main');
    await sync.importRepository({ url: git.url('versions', credentials), ref: 'main' });
    await server.jobs.runDue();
    expect(await variablesNow()).toEqual({ version: '3.11', product: 'Quire', channel: 'beta' });
    await exportAs('Still nothing');
    expect(await git.commits('versions')).toHaveLength(2);
    expect(await vars()).toBe(edited);

    // Every variable deleted in the space: the export deletes the file.
    const editing = spaceEditing(org.admin, () => variablesSpace);
    const changeRequest = await editing.openChangeRequest();
    await editing.apply(changeRequest, [{ operation: 'update_variables', variables: {} }]);
    await editing.merge(changeRequest);
    await exportAs('No variables');
    expect(await vars()).toBeUndefined();
    expect(await variablesNow()).toEqual({});

    // The same variables set on both sides: GitBook's text stays, and no commit is made.
    const same = await editing.openChangeRequest();
    await editing.apply(same, [{ operation: 'update_variables', variables: { product: 'Quire' } }]);
    await editing.merge(same);
    const clone = await git.clone('versions');
    const gitbookText = '# From GitBook\nproduct: Quire\n';
    await mkdir(join(clone, '.gitbook'), { recursive: true });
    await writeFile(join(clone, '.gitbook/vars.yaml'), gitbookText);
    await git.git(clone, 'add', '-A');
    await git.git(clone, 'commit', '-qm', 'Variables from GitBook');
    await git.git(clone, 'push', '-q', 'origin', 'main');
    await sync.importRepository({ url: git.url('versions', credentials), ref: 'main' });
    await server.jobs.runDue();
    expect(await variablesNow()).toEqual({ product: 'Quire' });
    const commits = await git.commits('versions');
    await exportAs('Agreed');
    expect(await git.commits('versions')).toEqual(commits);
    expect(await vars()).toBe(gitbookText);

    // A file that is no map of variables stops the import, saying why, and changes nothing.
    await git.git(clone, 'pull', '-q', 'origin', 'main');
    await writeFile(join(clone, '.gitbook/vars.yaml'), 'my-version: 3\n');
    await git.git(clone, 'commit', '-qam', 'A name GitBook refuses');
    await git.git(clone, 'push', '-q', 'origin', 'main');
    const agreed = await revisionOf(variablesSpace);
    await sync.importRepository({ url: git.url('versions', credentials), ref: 'main' });
    await server.jobs.runDue();
    expect((await sync.info()).operation).toMatchObject({
      state: 'failure',
      direction: 'import',
      error: expect.stringContaining('.gitbook/vars.yaml names a variable "my-version"'),
    });
    expect(await revisionOf(variablesSpace)).toBe(agreed);
    expect(await variablesNow()).toEqual({ product: 'Quire' });
  });

  it("keeps a page's own variables in its frontmatter's `vars`, both ways", async () => {
    const pageSpace = await createSpaceWithContent(org, 'Platforms', [
      {
        operation: 'insert_page',
        ref: 'install',
        title: 'Install',
        document: { markdown: 'For <code class="expression">page.vars.os</code>.\n' },
        variables: { os: 'Linux' },
      },
    ]);
    const sync = gitOf(org.admin, () => pageSpace);
    const installPage = async () => {
      const { pages: tree } = await pages(pageSpace);
      const page = await org.admin.client.GET('/spaces/{spaceId}/content/page/{pageId}', {
        params: { path: { spaceId: pageSpace, pageId: tree[0]?.id ?? '' } },
      });
      return 'variables' in page ? page.variables : undefined;
    };
    const file = async () =>
      Buffer.from((await git.files('platforms')).get('README.md') ?? '').toString('utf8');
    await git.createRepository('platforms');
    await sync.exportRepository({
      url: git.url('platforms', credentials),
      ref: 'main',
      commitMessage: 'First export',
    });
    await server.jobs.runDue();
    expect(await file()).toBe(
      '---\nvars:\n  os: Linux\n---\n\n# Install\n\nFor <code class="expression">page.vars.os</code>.\n',
    );

    // Edited in the repository: the page takes them, and the file stays as written.
    const repo = await git.clone('platforms');
    const edited =
      '---\nvars:\n  os: macOS # since 2.0\n  version: 14.10\n---\n\n# Install\n\nFor <code class="expression">page.vars.os</code>.\n';
    await writeFile(join(repo, 'README.md'), edited);
    await git.git(repo, 'commit', '-qam', 'macOS');
    await git.git(repo, 'push', '-q', 'origin', 'main');
    await sync.importRepository({ url: git.url('platforms', credentials), ref: 'main' });
    await server.jobs.runDue();
    expect(await installPage()).toEqual({ os: 'macOS', version: '14.10' });
    const commits = await git.commits('platforms');
    await sync.exportRepository({
      url: git.url('platforms', credentials),
      ref: 'main',
      commitMessage: 'Nothing changed',
    });
    await server.jobs.runDue();
    expect(await git.commits('platforms')).toEqual(commits);
    expect(await file()).toBe(edited);

    // Removed from the file: the page has none left.
    await git.git(repo, 'pull', '-q', 'origin', 'main');
    await writeFile(join(repo, 'README.md'), '# Install\n\nFor everyone.\n');
    await git.git(repo, 'commit', '-qam', 'No variables');
    await git.git(repo, 'push', '-q', 'origin', 'main');
    await sync.importRepository({ url: git.url('platforms', credentials), ref: 'main' });
    await server.jobs.runDue();
    expect(await installPage()).toBeUndefined();

    // Variables that are no map stop the import, naming the file, and change nothing.
    await writeFile(join(repo, 'README.md'), '---\nvars: [macOS]\n---\n\n# Install\n');
    await git.git(repo, 'commit', '-qam', 'A list');
    await git.git(repo, 'push', '-q', 'origin', 'main');
    const agreed = await revisionOf(pageSpace);
    await sync.importRepository({ url: git.url('platforms', credentials), ref: 'main' });
    await server.jobs.runDue();
    expect((await sync.info()).operation).toMatchObject({
      state: 'failure',
      direction: 'import',
      error: expect.stringContaining('README.md: vars must be a map of variable names to values'),
    });
    expect(await revisionOf(pageSpace)).toBe(agreed);
  });
});
