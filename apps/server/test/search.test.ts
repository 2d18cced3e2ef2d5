import type { components } from '@quire/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexSpacesMissingFromIndexes } from '../src/domain/content-index/index-missing-spaces.js';
import { batchResult } from './support/batch-result.js';
import { expectApiError } from './support/expect-api-error.js';
import {
  createStaffedOrganization,
  type StaffedOrganization,
  startTestServer,
  type TestServer,
  type TestUser,
} from './support/test-server.js';

type Change = components['schemas']['ContentChange'];

describe('search', () => {
  let server: TestServer;
  let staff: StaffedOrganization;
  let spaceId: string;
  let otherSpaceId: string;
  let foreignSpaceId: string;
  let foreignAdmin: TestUser;

  const createSpace = async (user: TestUser, organizationId: string, title: string) =>
    (
      await user.client.POST('/orgs/{organizationId}/spaces', {
        params: { path: { organizationId } },
        body: { title },
      })
    ).id;

  /** Writes changes through a change request and merges it. */
  const publish = async (user: TestUser, space: string, changes: Change[]) => {
    const changeRequest = await user.client.POST('/spaces/{spaceId}/change-requests', {
      params: { path: { spaceId: space } },
      body: { subject: 'Write' },
    });
    const applied = await user.client.POST(
      '/spaces/{spaceId}/change-requests/{changeRequestId}/content',
      {
        params: {
          path: { spaceId: space, changeRequestId: changeRequest.id },
          query: { compat: false },
        },
        body: { changes },
      },
    );
    await user.client.POST('/spaces/{spaceId}/change-requests/{changeRequestId}/merge', {
      params: { path: { spaceId: space, changeRequestId: changeRequest.id } },
    });
    return batchResult(applied).changes.map((change) =>
      change.object === 'created_page' ? change.page.id : undefined,
    );
  };

  const search = (query: string, user: TestUser = staff.reader, space = spaceId) =>
    user.client.GET('/spaces/{spaceId}/search', {
      params: { path: { spaceId: space }, query: { query } },
    });
  const titlesFor = async (query: string) => (await search(query)).items.map((item) => item.title);

  beforeAll(async () => {
    server = await startTestServer();
    staff = await createStaffedOrganization(server);
    spaceId = await createSpace(staff.admin, staff.organizationId, 'Handbook');
    otherSpaceId = await createSpace(staff.admin, staff.organizationId, 'Runbooks');
    foreignAdmin = await server.createUser();
    const foreignOrganization = await server.createOrganization(foreignAdmin);
    foreignSpaceId = await createSpace(foreignAdmin, foreignOrganization, 'Elsewhere');
    await publish(staff.admin, spaceId, [
      {
        operation: 'insert_page',
        title: 'Deployment guide',
        document: {
          markdown:
            'How we ship.\n\n## Rollback\n\nUndo a release with the previous build.\n\n## Monitoring\n\nWatch the dashboards.\n',
        },
      },
      {
        operation: 'insert_page',
        title: 'Release notes',
        document: {
          markdown:
            'Every deployment is listed here, deployment after deployment.\n\n## Version 2\n\nFaster builds.\n',
        },
      },
      {
        operation: 'insert_page',
        title: '数据库指南',
        document: {
          markdown: '本文介绍数据库的备份与恢复。\n\n## 東京の設定\n\nサーバーを再起動します。\n',
        },
      },
    ]);
    await publish(staff.admin, otherSpaceId, [
      {
        operation: 'insert_page',
        title: 'Incident response',
        document: { markdown: 'Page the deployment owner when a release fails.\n' },
      },
    ]);
    await publish(foreignAdmin, foreignSpaceId, [
      {
        operation: 'insert_page',
        title: 'Foreign deployment',
        document: { markdown: 'Deployment secrets of another organization.\n' },
      },
    ]);
  });
  afterAll(() => server.close());

  it('finds pages with their matching sections, title matches first', async () => {
    const result = await search('deployment');
    expect(result.items.map((item) => item.title)).toEqual(['Deployment guide', 'Release notes']);
    expect(result.count).toBe(2);
    const [first] = result.items;
    expect(first?.path).toBe('deployment-guide');
    expect(first?.urls.app).toMatch(/\/app\/spaces\/.+\/pages\//);
    expect(first?.sections.length).toBeGreaterThan(0);
  });

  it('finds sections by heading and body, with their anchors', async () => {
    const result = await search('rollback');
    expect(result.items).toHaveLength(1);
    expect(result.items[0]?.sections[0]).toMatchObject({
      id: 'rollback',
      title: 'Rollback',
      path: 'deployment-guide#rollback',
      body: 'Undo a release with the previous build.',
    });
    expect(result.items[0]?.sections[0]?.urls.app).toMatch(/#rollback$/);
  });

  it('matches every word, and the last one as a prefix', async () => {
    expect(await titlesFor('previous build')).toEqual(['Deployment guide']);
    expect(await titlesFor('dashb')).toEqual(['Deployment guide']);
    expect(await titlesFor('faster')).toEqual(['Release notes']);
    expect(await titlesFor('rollback faster')).toEqual([]);
  });

  it('finds Chinese and Japanese text by any substring of two or more characters', async () => {
    expect(await titlesFor('数据')).toEqual(['数据库指南']);
    expect(await titlesFor('据库')).toEqual(['数据库指南']);
    expect(await titlesFor('备份与恢复')).toEqual(['数据库指南']);
    expect(await titlesFor('東京')).toEqual(['数据库指南']);
    expect(await titlesFor('再起動')).toEqual(['数据库指南']);
    expect(await titlesFor('恢备')).toEqual([]);
  });

  it('reads hostile input as words, never as query syntax', async () => {
    // Each query finds what its words alone find: punctuation and operators are not syntax.
    for (const [query, words] of [
      ['"', ''],
      ['"deployment', 'deployment'],
      ['deployment OR', 'deployment or'],
      ['NOT deployment', 'not deployment'],
      ['deployment*', 'deployment'],
      ["rollback'); DROP TABLE spaces; --", 'rollback drop table spaces'],
      ['title:rollback', 'title rollback'],
      ['(rollback', 'rollback'],
      ['rollback AND', 'rollback and'],
      ['!!! ??? &&& |||', ''],
      ['\\', ''],
      ['rollback <-> release:*', 'rollback release'],
      ['NEAR(rollback release)', 'near rollback release'],
      ['^rollback', 'rollback'],
      ['𝒳'.repeat(512), '𝒳'.repeat(512)],
      ['\u0301\u0301', ''],
      [`${'é'.repeat(300)} ${'数'.repeat(200)}`, `${'é'.repeat(300)} ${'数'.repeat(200)}`],
    ] as const) {
      expect(await titlesFor(query), query).toEqual(words === '' ? [] : await titlesFor(words));
    }
    // And the words still find what they should.
    expect(await titlesFor('"deployment')).toContain('Deployment guide');
    expect(await titlesFor('(rollback')).toEqual(['Deployment guide']);
    expect(await titlesFor("rollback'); DROP TABLE spaces; --")).toEqual([]);
    const stillThere = await staff.admin.client.GET('/spaces/{spaceId}', {
      params: { path: { spaceId } },
    });
    expect(stillThere.id).toBe(spaceId);
    expect(await titlesFor('"rollback"')).toEqual(['Deployment guide']);
    expect(await titlesFor('rollback; --')).toEqual(['Deployment guide']);
    // `OR` is a word to find like any other, not an operator widening the search.
    expect(await titlesFor('rollback OR faster')).toEqual([]);
  });

  it('refuses a missing or too long query, and unknown spaces', async () => {
    await expectApiError(
      staff.reader.client.GET('/spaces/{spaceId}/search', {
        params: { path: { spaceId }, query: {} as { query: string } },
      }),
      400,
    );
    await expectApiError(search('x'.repeat(513)), 400);
    await expectApiError(search('rollback', staff.outsider), 404);
    await expectApiError(search('rollback', staff.reader, foreignSpaceId), 404);
  });

  it('pages through results', async () => {
    const first = await staff.reader.client.GET('/spaces/{spaceId}/search', {
      params: { path: { spaceId }, query: { query: 'deployment', limit: 1 } },
    });
    expect(first.items.map((item) => item.title)).toEqual(['Deployment guide']);
    expect(first.count).toBe(2);
    const second = await staff.reader.client.GET('/spaces/{spaceId}/search', {
      params: {
        path: { spaceId },
        query: { query: 'deployment', limit: 1, page: first.next?.page },
      },
    });
    expect(second.items.map((item) => item.title)).toEqual(['Release notes']);
    expect(second.next).toBeUndefined();
  });

  it('follows the head: a merge is searchable at once, and edits and deletions leave the index', async () => {
    const [pageId] = await publish(staff.admin, spaceId, [
      {
        operation: 'insert_page',
        title: 'Zebra crossing',
        document: { markdown: 'Stripes everywhere.\n' },
      },
    ]);
    expect(await titlesFor('stripes')).toEqual(['Zebra crossing']);
    await publish(staff.admin, spaceId, [
      {
        operation: 'update_page',
        page: pageId ?? '',
        title: 'Giraffe crossing',
        document: { markdown: 'Spots everywhere.\n' },
      },
    ]);
    expect(await titlesFor('stripes')).toEqual([]);
    expect(await titlesFor('spots')).toEqual(['Giraffe crossing']);
    await publish(staff.admin, spaceId, [{ operation: 'delete_page', page: pageId ?? '' }]);
    expect(await titlesFor('spots')).toEqual([]);
  });

  it('indexes a duplicate with the content it starts with', async () => {
    const copy = await staff.admin.client.POST('/spaces/{spaceId}/duplicate', {
      params: { path: { spaceId } },
    });
    const result = await search('rollback', staff.reader, copy.id);
    expect(result.items.map((item) => item.title)).toEqual(['Deployment guide']);
    await staff.admin.client.DELETE('/spaces/{spaceId}', {
      params: { path: { spaceId: copy.id } },
    });
  });

  it('indexes only the pages a merge changed, whatever the size of the space', async () => {
    const changes: Change[] = Array.from({ length: 40 }, (_, index) => ({
      operation: 'insert_page',
      title: `Filler ${index}`,
      document: { markdown: `Filler text ${index}.\n\n## Part\n\nMore filler.\n` },
    }));
    const [firstFiller] = await publish(staff.admin, spaceId, changes);
    const newest = async () =>
      Number(
        (
          await server.services.db
            .selectFrom('indexed_sections')
            .select((eb) => eb.fn.max('id').as('id'))
            .executeTakeFirstOrThrow()
        ).id,
      );
    const before = await newest();
    await publish(staff.admin, spaceId, [
      {
        operation: 'update_page',
        page: firstFiller ?? '',
        document: { markdown: 'Changed filler.\n\n## Part\n\nStill filler.\n' },
      },
    ]);
    // The edited page's two sections were written again, nothing else.
    expect((await newest()) - before).toBe(2);
    expect(await titlesFor('changed filler')).toEqual(['Filler 0']);
  });

  it('indexes at start-up the spaces written before the indexes existed', async () => {
    const db = server.services.db;
    for (const table of ['indexed_sections', 'indexed_pages', 'page_links'] as const) {
      await db.deleteFrom(table).where('space_id', '=', otherSpaceId).execute();
    }
    expect((await search('incident', staff.reader, otherSpaceId)).items).toEqual([]);
    expect(await indexSpacesMissingFromIndexes(db, server.services.headMoveListeners)).toBe(1);
    const found = await search('incident', staff.reader, otherSpaceId);
    expect(found.items.map((item) => item.title)).toEqual(['Incident response']);
    expect(await indexSpacesMissingFromIndexes(db, server.services.headMoveListeners)).toBe(0);
  });

  it('does not index change request content before it is merged', async () => {
    const changeRequest = await staff.admin.client.POST('/spaces/{spaceId}/change-requests', {
      params: { path: { spaceId } },
      body: {},
    });
    await staff.admin.client.POST('/spaces/{spaceId}/change-requests/{changeRequestId}/content', {
      params: { path: { spaceId, changeRequestId: changeRequest.id } },
      body: {
        changes: [
          { operation: 'insert_page', title: 'Draft', document: { markdown: 'Unmerged words.\n' } },
        ],
      },
    });
    expect(await titlesFor('unmerged')).toEqual([]);
  });

  it('searches an organization by space, only the spaces the caller may read', async () => {
    const result = await staff.reader.client.GET('/orgs/{organizationId}/search', {
      params: { path: { organizationId: staff.organizationId }, query: { query: 'deployment' } },
    });
    expect(result.items.map((item) => item.title).sort()).toEqual(['Handbook', 'Runbooks']);
    const handbook = result.items.find((item) => item.id === spaceId);
    expect(handbook?.pages.map((page) => page.title)).toEqual([
      'Deployment guide',
      'Release notes',
    ]);
    expect(JSON.stringify(result)).not.toContain('Foreign');

    await expectApiError(
      staff.outsider.client.GET('/orgs/{organizationId}/search', {
        params: { path: { organizationId: staff.organizationId }, query: { query: 'deployment' } },
      }),
      404,
    );
    const foreign = await foreignAdmin.client.GET('/orgs/{organizationId}/search', {
      params: {
        path: { organizationId: (await foreignAdmin.client.GET('/orgs')).items[0]?.id ?? '' },
        query: { query: 'deployment' },
      },
    });
    expect(foreign.items.map((item) => item.title)).toEqual(['Elsewhere']);
  });

  it('shows a guest only the spaces granted to them', async () => {
    const guest = await server.createUser();
    const organizationId = staff.organizationId;
    const invite = await staff.admin.client.POST('/orgs/{organizationId}/link-invites', {
      params: { path: { organizationId } },
      body: { role: null },
    });
    await guest.client.POST('/orgs/{organizationId}/invites/{inviteId}', {
      params: { path: { organizationId, inviteId: invite.id } },
    });
    const guestSearch = () =>
      guest.client.GET('/orgs/{organizationId}/search', {
        params: { path: { organizationId }, query: { query: 'deployment' } },
      });
    expect((await guestSearch()).items).toEqual([]);
    await staff.admin.client.POST('/spaces/{spaceId}/permissions', {
      params: { path: { spaceId: otherSpaceId } },
      body: { role: 'read', users: [guest.user.id] },
    });
    expect((await guestSearch()).items.map((item) => item.title)).toEqual(['Runbooks']);
    await expectApiError(search('deployment', guest), 404);
  });

  it('leaves spaces in the trash out of organization search', async () => {
    await staff.admin.client.DELETE('/spaces/{spaceId}', {
      params: { path: { spaceId: otherSpaceId } },
    });
    const result = await staff.reader.client.GET('/orgs/{organizationId}/search', {
      params: { path: { organizationId: staff.organizationId }, query: { query: 'deployment' } },
    });
    expect(result.items.map((item) => item.title)).toEqual(['Handbook']);
  });
});
