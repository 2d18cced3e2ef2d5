import { createHmac } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweeps } from '../src/jobs/sweeps.js';
import { expectApiError } from './support/expect-api-error.js';
import type { GitHttpServer } from './support/git-http-server.js';
import { startGitSyncSetup, stopGitSyncSetup } from './support/git-sync-setup.js';
import { spaceEditing } from './support/space-editing.js';
import { createSpaceWithContent } from './support/space-with-content.js';
import type { StaffedOrganization, TestServer, TestUser } from './support/test-server.js';

const credentials = { username: 'writer', password: 'conn-s3cret' };

describe('Git sync connections', () => {
  let server: TestServer;
  let git: GitHttpServer;
  let org: StaffedOrganization;
  let spaceId: string;
  let webhookUrl: string;
  let webhookSecret: string;

  const connection = (user: TestUser) => ({
    get: () =>
      user.client.GET('/spaces/{spaceId}/git/connection', { params: { path: { spaceId } } }),
    set: (body: Record<string, unknown>) =>
      user.client.PUT('/spaces/{spaceId}/git/connection', {
        params: { path: { spaceId } },
        // Invalid bodies are sent on purpose: the server must refuse them.
        body: body as never,
      }),
    remove: () =>
      server.fetch(
        new Request(`http://quire.test/v1/spaces/${spaceId}/git/connection`, {
          method: 'DELETE',
          headers: { Authorization: `Bearer ${user.token}` },
        }),
      ),
  });
  const admin = () => connection(org.admin);
  const pushEvent = (after: string, ref = 'refs/heads/main') =>
    JSON.stringify({ ref, after, commits: [{ id: after }] });
  const deliver = (body: string, headers: Record<string, string>, url = webhookUrl) =>
    server.fetch(
      new Request(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...headers },
        body,
      }),
    );
  const sign = (body: string, secret = webhookSecret) =>
    createHmac('sha256', secret).update(body).digest('hex');
  const pushFromWriter = async (path: string, text: string, message: string) => {
    const repo = await git.clone('synced');
    await writeFile(join(repo, path), text);
    await git.git(repo, 'commit', '-qam', message);
    await git.git(repo, 'push', '-q', 'origin', 'main');
    return (await git.commits('synced'))[0] ?? '';
  };
  const markdownOf = async (path: string) => {
    const page = await org.admin.client.GET('/spaces/{spaceId}/content/path/{pagePath}', {
      params: { path: { spaceId, pagePath: path }, query: { format: 'markdown' } },
    });
    return 'markdown' in page ? page.markdown : '';
  };
  /** Merges an edit of the first page; a connected space queues its export. */
  const createSpaceEdit = async () => {
    const editing = spaceEditing(org.admin, () => spaceId);
    const pages = await org.admin.client.GET('/spaces/{spaceId}/content/pages', {
      params: { path: { spaceId } },
    });
    const changeRequest = await editing.openChangeRequest();
    await editing.apply(changeRequest, [
      {
        operation: 'update_page',
        page: pages.pages[0]?.id ?? '',
        document: { markdown: 'Last words.\n' },
      },
    ]);
    await editing.merge(changeRequest);
  };
  const pollSweep = () => {
    const poll = sweeps(server.services, { auditRetentionDays: 90 }).find(
      (job) => job.kind === 'git.poll',
    );
    if (poll === undefined) throw new Error('no git.poll sweep');
    return poll.sweep(server.clock.now());
  };

  beforeAll(async () => {
    ({ server, git, org } = await startGitSyncSetup(credentials));
    spaceId = await createSpaceWithContent(org, 'Synced', [
      { operation: 'insert_page', title: 'Start', document: { markdown: 'Start here.\n' } },
      { operation: 'insert_page', title: 'Release', document: { markdown: 'Tag and push.\n' } },
    ]);
    await git.createRepository('synced');
  });
  afterAll(() => stopGitSyncSetup({ server, git }));

  it('connects a space, keeping credentials sealed, and exports it first', async () => {
    await expectApiError(admin().get(), 404);
    await expectApiError(
      admin().set({ url: git.url('synced', credentials), initialSync: 'export' }),
      400,
      /credentials/,
    );
    await expectApiError(
      admin().set({ url: git.url('synced'), initialSync: 'export', pollInterval: 30 }),
      400,
    );
    await expectApiError(admin().set({ url: git.url('synced'), initialSync: 'sideways' }), 400);
    // Refused when asked for, not when the first sync fails minutes later.
    await expectApiError(
      admin().set({ url: 'http://169.254.169.254/latest/repo.git', initialSync: 'export' }),
      400,
      /^body\.url: Refused to fetch .*cloud metadata address/,
    );
    await expectApiError(
      connection(org.creator).set({ url: git.url('synced'), initialSync: 'export' }),
      403,
    );
    const made = await admin().set({
      url: git.url('synced'),
      branch: 'refs/heads/main',
      credentials,
      initialSync: 'export',
      pollInterval: 60,
    });
    expect(made).toMatchObject({
      object: 'git-connection',
      url: git.url('synced'),
      branch: 'main',
      directory: '',
      hasCredentials: true,
      pollInterval: 60,
      webhookUrl: `http://quire.test/git/hooks/${made.id}`,
      operation: { state: 'queued', direction: 'export' },
    });
    expect(made.webhookSecret).toEqual(expect.any(String));
    expect(JSON.stringify(made)).not.toContain(credentials.password);
    webhookUrl = made.webhookUrl;
    webhookSecret = made.webhookSecret ?? '';
    const read = await connection(org.reader).get();
    expect(read.webhookSecret).toBeUndefined();
    expect(JSON.stringify(read)).not.toContain(credentials.password);

    await server.jobs.runDue();
    expect(await git.commits('synced')).toHaveLength(1);
    expect([...(await git.files('synced')).keys()].sort()).toEqual([
      'README.md',
      'SUMMARY.md',
      'release.md',
    ]);
    const after = await admin().get();
    expect(after.operation).toMatchObject({ state: 'success', direction: 'export' });
    expect(after.commit).toBe((await git.commits('synced'))[0]);
  });

  it('pushes every merge as one commit named after its change request', async () => {
    const editing = spaceEditing(org.admin, () => spaceId);
    const pages = await org.admin.client.GET('/spaces/{spaceId}/content/pages', {
      params: { path: { spaceId } },
    });
    const release = pages.pages.find((page) => page.title === 'Release');
    const changeRequest = await editing.openChangeRequest();
    await org.admin.client.PATCH('/spaces/{spaceId}/change-requests/{changeRequestId}', {
      params: { path: { spaceId, changeRequestId: changeRequest } },
      body: { subject: 'Sign the release tags' },
    });
    await editing.apply(changeRequest, [
      {
        operation: 'update_page',
        page: release?.id ?? '',
        document: { markdown: 'Tag, sign and push.\n' },
      },
    ]);
    await editing.merge(changeRequest);
    await server.jobs.runDue();
    const repo = await git.clone('synced');
    expect(await git.git(repo, 'show', '--name-only', '--format=%s', 'HEAD')).toBe(
      'Sign the release tags\n\nrelease.md\n',
    );
    expect(await git.commits('synced')).toHaveLength(2);
  });

  it('takes signed push webhooks of GitHub, GitLab, Gitea and Forgejo, and refuses unsigned ones', async () => {
    const tip = await pushFromWriter(
      'README.md',
      '# Start\n\nStart here, from GitHub.\n',
      'Edit on GitHub',
    );
    const body = pushEvent(tip);
    expect(
      (await deliver(body, { 'X-GitHub-Event': 'push', 'X-Hub-Signature-256': 'sha256=0000' }))
        .status,
    ).toBe(401);
    expect((await deliver(body, { 'X-GitHub-Event': 'push' })).status).toBe(401);
    expect(
      (
        await deliver(body, {
          'X-Gitlab-Event': 'Push Hook',
          'X-Gitlab-Token': 'guess-guess-guess',
        })
      ).status,
    ).toBe(401);
    expect(
      (
        await deliver(
          body,
          { 'X-GitHub-Event': 'push', 'X-Hub-Signature-256': `sha256=${sign(body)}` },
          'http://quire.test/git/hooks/unknown',
        )
      ).status,
    ).toBe(404);
    const ping = '{"zen":"Keep it logically awesome."}';
    const pinged = await deliver(ping, {
      'X-GitHub-Event': 'ping',
      'X-Hub-Signature-256': `sha256=${sign(ping)}`,
    });
    expect(await pinged.json()).toEqual({ status: 'ignored' });
    const otherBranch = pushEvent(tip, 'refs/heads/draft');
    expect(
      await (
        await deliver(otherBranch, {
          'X-Gitea-Event': 'push',
          'X-Gitea-Signature': sign(otherBranch),
        })
      ).json(),
    ).toEqual({ status: 'ignored' });

    const github = await deliver(body, {
      'X-GitHub-Event': 'push',
      'X-Hub-Signature-256': `sha256=${sign(body)}`,
    });
    expect(github.status).toBe(202);
    expect(await github.json()).toEqual({ status: 'queued' });
    // A second delivery while the import waits queues nothing more.
    const again = await deliver(body, {
      'X-Gitlab-Event': 'Push Hook',
      'X-Gitlab-Token': webhookSecret,
    });
    expect(await again.json()).toEqual({ status: 'ignored' });
    await server.jobs.runDue();
    expect(await markdownOf('start')).toContain('from GitHub');

    for (const [host, headers] of [
      [
        'gitlab',
        (payload: string) => ({
          'X-Gitlab-Event': 'Push Hook',
          'X-Gitlab-Token': webhookSecret,
          _: payload,
        }),
      ],
      [
        'gitea',
        (payload: string) => ({ 'X-Gitea-Event': 'push', 'X-Gitea-Signature': sign(payload) }),
      ],
      [
        'forgejo',
        (payload: string) => ({ 'X-Forgejo-Event': 'push', 'X-Forgejo-Signature': sign(payload) }),
      ],
    ] as const) {
      const next = await pushFromWriter(
        'README.md',
        `# Start\n\nStart here, from ${host}.\n`,
        `Edit on ${host}`,
      );
      const payload = pushEvent(next);
      const { _: _unused, ...sent } = { _: '', ...headers(payload) };
      const answer = await deliver(payload, sent);
      expect(await answer.json(), host).toEqual({ status: 'queued' });
      await server.jobs.runDue();
      expect(await markdownOf('start'), host).toContain(`from ${host}`);
    }
    // Quire's own export of an import comes back as a push it already agrees with.
    await server.jobs.runDue();
    const own = (await git.commits('synced'))[0] ?? '';
    const echo = pushEvent(own);
    expect(
      await (
        await deliver(echo, { 'X-Forgejo-Event': 'push', 'X-Forgejo-Signature': sign(echo) })
      ).json(),
    ).toEqual({ status: 'ignored' });
  });

  it('polls the branch when no webhook comes, at the interval the connection says', async () => {
    await server.jobs.runDue();
    // The first look at a connection that never polled is due at once, and finds it in step.
    expect(await pollSweep()).toBe(0);
    await pushFromWriter(
      'release.md',
      '# Release\n\nTag, sign, push and announce.\n',
      'Announce releases',
    );
    server.clock.advance(30_000);
    expect(await pollSweep()).toBe(0);
    server.clock.advance(61_000);
    expect(await pollSweep()).toBe(1);
    await server.jobs.runDue();
    expect(await markdownOf('release')).toContain('announce');
    server.clock.advance(61_000);
    expect(await pollSweep()).toBe(0);
  });

  it('leaves a push that edits a page the space also edited in a change request, once', async () => {
    await server.jobs.runDue();
    const editing = spaceEditing(org.admin, () => spaceId);
    const pages = await org.admin.client.GET('/spaces/{spaceId}/content/pages', {
      params: { path: { spaceId } },
    });
    const start = pages.pages.find((page) => page.title === 'Start');
    await connection(org.admin).set({
      url: git.url('synced'),
      credentials,
      initialSync: 'import',
      pollInterval: 0,
      webhookSecret: 'a-secret-we-chose-1234',
    });
    webhookSecret = 'a-secret-we-chose-1234';
    await server.jobs.runDue();
    const changeRequest = await editing.openChangeRequest();
    await editing.apply(changeRequest, [
      {
        operation: 'update_page',
        page: start?.id ?? '',
        document: { markdown: 'Start here, says the space.\n' },
      },
    ]);
    // The merge's export is held back behind the import below by being run after it.
    const tip = await pushFromWriter(
      'README.md',
      '# Start\n\nStart here, says the repository.\n',
      'Repository says',
    );
    await editing.merge(changeRequest);
    const body = pushEvent(tip);
    await deliver(body, {
      'X-GitHub-Event': 'push',
      'X-Hub-Signature-256': `sha256=${sign(body)}`,
    });
    await server.jobs.runDue();
    // The merge's export found the push first: the space's version went out, the
    // repository's waits in a change request, and the import the webhook asked for finds the
    // two in step.
    expect(await markdownOf('start')).toContain('says the space');
    expect((await git.files('synced')).get('README.md')).toContain('says the space');
    const open = await org.admin.client.GET('/spaces/{spaceId}/change-requests', {
      params: { path: { spaceId } },
    });
    const waiting = open.items.filter((item) => item.subject.startsWith('Import from main'));
    expect(waiting).toHaveLength(1);
    const pending = await org.admin.client.GET(
      '/spaces/{spaceId}/change-requests/{changeRequestId}/content/path/{pagePath}',
      {
        params: {
          path: { spaceId, changeRequestId: waiting[0]?.id ?? '', pagePath: 'start' },
          query: { format: 'markdown' },
        },
      },
    );
    expect('markdown' in pending ? pending.markdown : '').toContain('says the repository');
    expect(await pollSweep()).toBe(0);
  });

  it('disconnects, after which queued syncs fail saying why', async () => {
    await server.jobs.runDue();
    await createSpaceEdit();
    expect((await connection(org.creator).remove()).status).toBe(403);
    expect((await admin().remove()).status).toBe(204);
    expect((await admin().remove()).status).toBe(404);
    await expectApiError(admin().get(), 404);
    await server.jobs.runDue();
    const info = await org.admin.client.GET('/spaces/{spaceId}/git/info', {
      params: { path: { spaceId } },
    });
    expect(info.operation).toMatchObject({
      state: 'failure',
      direction: 'export',
      error: 'The space is no longer connected to that repository',
    });
    const events = await org.admin.client.GET('/orgs/{organizationId}/audit-events', {
      params: { path: { organizationId: org.organizationId } },
    });
    const actions = events.items.map((event) => event.action);
    expect(actions).toContain('space.git_connected');
    expect(actions).toContain('space.git_disconnected');
  });
});
