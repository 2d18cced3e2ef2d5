import { cp } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GitHttpServer } from './support/git-http-server.js';
import { gitSyncRuns } from './support/git-sync-runs.js';
import { startGitSyncSetup, stopGitSyncSetup } from './support/git-sync-setup.js';
import { spaceEditing } from './support/space-editing.js';
import type { StaffedOrganization, TestServer } from './support/test-server.js';

const credentials = { username: 'writer', password: 'no-churn-token' };
const fixtures = join(import.meta.dirname, 'fixtures', 'gitbook-repos');

/**
 * Repositories GitBook wrote (see `fixtures/gitbook-repos/README.md`): how many pages each
 * holds, and the page to edit with the file it is in.
 */
const repositories = [
  {
    name: 'beefree-sdk-docs',
    pages: 40,
    parts: 3,
    assets: 3,
    edit: { title: 'Form Block', file: 'forms/form-block.md' },
  },
  {
    name: 'feast',
    pages: 36,
    parts: 2,
    assets: 1,
    // Its table of contents says "Data types"; the file's heading, "Data Types in Feast".
    edit: { title: 'Data Types in Feast', file: 'docs/getting-started/concepts/feast-types.md' },
  },
  {
    name: 'laravel-translatable',
    pages: 15,
    parts: 2,
    assets: 0,
    edit: { title: 'Installation', file: 'docs/installation.md' },
  },
] as const;

interface PageSummary {
  id: string;
  type: string;
  title: string;
  pages?: PageSummary[];
}

describe('Git sync makes no churn on repositories GitBook wrote', () => {
  let server: TestServer;
  let git: GitHttpServer;
  let org: StaffedOrganization;

  beforeAll(async () => {
    ({ server, git, org } = await startGitSyncSetup(credentials));
  });
  afterAll(() => stopGitSyncSetup({ server, git }));

  const sync = (spaceId: string, direction: 'import' | 'export', repository: string) =>
    gitSyncRuns(server, git, org.admin, credentials)(spaceId, direction, repository, {
      ref: 'refs/heads/main',
      commitMessage: `Export to ${repository}`,
    });
  const pageTree = async (spaceId: string): Promise<PageSummary[]> =>
    (
      await org.admin.client.GET('/spaces/{spaceId}/content/pages', {
        params: { path: { spaceId } },
      })
    ).pages as PageSummary[];
  const flatten = (pages: readonly PageSummary[]): PageSummary[] =>
    pages.flatMap((page) => [page, ...flatten(page.pages ?? [])]);

  for (const repository of repositories) {
    it(`${repository.name}: import then export changes no file; one page edited changes one file`, async () => {
      await git.createRepository(repository.name);
      const clone = await git.clone(repository.name);
      await cp(join(fixtures, repository.name), clone, { recursive: true });
      await git.git(clone, 'add', '-A');
      await git.git(clone, 'commit', '-qm', 'As GitBook wrote it');
      await git.git(clone, 'push', '-q', 'origin', 'main');
      const written = await git.files(repository.name);

      const space = await org.admin.client.POST('/orgs/{organizationId}/spaces', {
        params: { path: { organizationId: org.organizationId } },
        body: { title: repository.name },
      });
      await sync(space.id, 'import', repository.name);
      const pages = flatten(await pageTree(space.id));
      expect(pages.filter((page) => page.type === 'document')).toHaveLength(repository.pages);
      expect(pages.filter((page) => page.type === 'group')).toHaveLength(repository.parts);
      const files = await org.admin.client.GET('/spaces/{spaceId}/content/files', {
        params: { path: { spaceId: space.id } },
      });
      expect(files.items).toHaveLength(repository.assets);

      // The round trip: no commit, so not one file changed.
      const commits = await git.commits(repository.name);
      await sync(space.id, 'export', repository.name);
      expect(await git.commits(repository.name)).toEqual(commits);
      expect(await git.files(repository.name)).toEqual(written);

      // One page edited in the space: one file changed, by the lines edited and no others.
      const page = pages.find((candidate) => candidate.title === repository.edit.title);
      expect(page).toBeDefined();
      const before = await org.admin.client.GET('/spaces/{spaceId}/content/page/{pageId}', {
        params: {
          path: { spaceId: space.id, pageId: page?.id ?? '' },
          query: { format: 'markdown' },
        },
      });
      const markdown = 'markdown' in before ? (before.markdown ?? '') : '';
      const editing = spaceEditing(org.admin, () => space.id);
      const changeRequest = await editing.openChangeRequest();
      await editing.apply(changeRequest, [
        {
          operation: 'update_page',
          page: page?.id ?? '',
          document: { markdown: `${markdown.replace(/\n*$/, '\n')}\nEdited in Quire.\n` },
        },
      ]);
      await editing.merge(changeRequest);
      await sync(space.id, 'export', repository.name);
      expect(await git.commits(repository.name)).toHaveLength(commits.length + 1);
      const repo = await git.clone(repository.name);
      expect(await git.git(repo, 'show', '--name-only', '--format=', 'HEAD')).toBe(
        `${repository.edit.file}\n`,
      );
      // The file keeps its frontmatter and title as they were, and ends with the edit. (Its body
      // is written anew in the document model's Markdown, which may space a block otherwise.)
      const edited = (await git.files(repository.name)).get(repository.edit.file) ?? '';
      const original = written.get(repository.edit.file) ?? '';
      const head = (text: string) => /^(?:---\n[\s\S]*?\n---\n\n)?# .*\n/.exec(text)?.[0];
      expect(head(original)).toBeDefined();
      expect(head(edited)).toBe(head(original));
      expect(edited.endsWith('\n\nEdited in Quire.\n')).toBe(true);
    });
  }
});
