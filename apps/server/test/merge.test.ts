import type { components } from '@quire/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError } from './support/expect-api-error.js';
import {
  createMergeSpace,
  type MergeSpace,
  mergeScenario,
  type Refs,
} from './support/merge-scenario.js';
import {
  createStaffedOrganization,
  type StaffedOrganization,
  startTestServer,
  type TestServer,
} from './support/test-server.js';

type Change = components['schemas']['ContentChange'];

const page = (
  ref: string,
  title: string,
  markdown = `${title} body`,
): components['schemas']['InsertPageChange'] => ({
  operation: 'insert_page',
  ref,
  title,
  document: { markdown },
});
const paragraphs = (...lines: string[]) => lines.join('\n\n');
const abc = [page('a', 'A'), page('b', 'B'), page('c', 'C')];

interface MergeCase {
  name: string;
  base: Change[];
  ours: (refs: Refs) => Change[];
  theirs: (refs: Refs) => Change[];
  /** The merged space: its tree, and any further checks. */
  expectTree?: unknown[];
  check?: (space: MergeSpace) => Promise<void>;
  /** The conflicts a merge reports instead (`field` of each, in order). */
  conflicts?: string[];
}

const cases: MergeCase[] = [
  {
    name: 'fields of different pages',
    base: abc,
    ours: (r) => [{ operation: 'update_page', page: r.a ?? '', title: 'A ours' }],
    theirs: (r) => [{ operation: 'update_page', page: r.b ?? '', title: 'B theirs' }],
    expectTree: ['A ours', 'B theirs', 'C'],
  },
  {
    name: 'different fields of one page',
    base: abc,
    ours: (r) => [{ operation: 'update_page', page: r.a ?? '', title: 'A ours' }],
    theirs: (r) => [{ operation: 'update_page', page: r.a ?? '', emoji: '🚀', hidden: true }],
    check: async (space) => {
      expect(await space.page(space.refs.a ?? '')).toMatchObject({
        title: 'A ours',
        emoji: '🚀',
        hidden: true,
      });
    },
  },
  {
    name: 'meta links on one side, the title on the other',
    base: abc,
    ours: (r) => [{ operation: 'update_page', page: r.a ?? '', title: 'A ours' }],
    theirs: (r) => [
      {
        operation: 'update_page',
        page: r.a ?? '',
        metaLinks: {
          canonical: { kind: 'url', url: 'https://example.com/a' },
          alternates: [{ kind: 'page', page: r.b ?? '' }],
        },
      },
    ],
    check: async (space) => {
      expect(await space.page(space.refs.a ?? '')).toMatchObject({
        title: 'A ours',
        metaLinks: {
          canonical: { kind: 'url', url: 'https://example.com/a' },
          alternates: [{ kind: 'page', page: space.refs.b }],
        },
      });
    },
  },
  {
    name: 'the same change on both sides',
    base: abc,
    ours: (r) => [{ operation: 'update_page', page: r.a ?? '', title: 'Same' }],
    theirs: (r) => [{ operation: 'update_page', page: r.a ?? '', title: 'Same' }],
    expectTree: ['Same', 'B', 'C'],
  },
  {
    name: 'pages added on both sides',
    base: abc,
    ours: () => [page('x', 'X')],
    theirs: () => [page('y', 'Y'), page('z', 'Z')],
    expectTree: ['A', 'B', 'C', 'X', 'Y', 'Z'],
  },
  {
    name: 'a page deleted on one side, another edited on the other',
    base: abc,
    ours: (r) => [{ operation: 'delete_page', page: r.c ?? '' }],
    theirs: (r) => [{ operation: 'update_page', page: r.a ?? '', title: 'A theirs' }],
    expectTree: ['A theirs', 'B'],
  },
  {
    name: 'neighbouring pages deleted, one on each side',
    base: [...abc, page('d', 'D')],
    ours: (r) => [{ operation: 'delete_page', page: r.b ?? '' }],
    theirs: (r) => [
      { operation: 'delete_page', page: r.c ?? '' },
      { operation: 'insert_page', title: 'E', document: {}, at: 1 },
    ],
    expectTree: ['A', 'E', 'D'],
  },
  {
    name: 'a page moved on one side, edited on the other',
    base: abc,
    ours: (r) => [
      { operation: 'update_page', page: r.b ?? '', document: { markdown: 'B edited' } },
    ],
    theirs: (r) => [{ operation: 'update_page', page: r.c ?? '', into: r.a ?? '' }],
    expectTree: [['A', ['C']], 'B'],
  },
  {
    name: 'bodies edited in different paragraphs',
    base: [page('a', 'A', paragraphs('One.', 'Two.', 'Three.', 'Four.', 'Five.'))],
    ours: (r) => [
      {
        operation: 'update_page',
        page: r.a ?? '',
        document: { markdown: paragraphs('One, ours.', 'Two.', 'Three.', 'Four.', 'Five.') },
      },
    ],
    theirs: (r) => [
      {
        operation: 'update_page',
        page: r.a ?? '',
        document: { markdown: paragraphs('One.', 'Two.', 'Three.', 'Four.', 'Five, theirs.') },
      },
    ],
    check: async (space) => {
      const merged = await space.page(space.refs.a ?? '');
      expect(merged).toMatchObject({
        markdown: `${paragraphs('One, ours.', 'Two.', 'Three.', 'Four.', 'Five, theirs.')}\n`,
      });
    },
  },
  {
    name: 'variables, key by key',
    base: [{ operation: 'update_variables', variables: { a: '1', b: '1', c: '1' } }],
    ours: () => [{ operation: 'update_variables', variables: { a: '2', b: '1', c: '1' } }],
    theirs: () => [{ operation: 'update_variables', variables: { a: '1', b: '1', d: '4' } }],
    check: async (space) => {
      expect(await space.variables()).toEqual({ a: '2', b: '1', d: '4' });
    },
  },
  {
    name: 'files added on both sides',
    base: abc,
    ours: () => [{ operation: 'insert_files', files: [{ name: 'ours.txt', base64: 'b3Vycw==' }] }],
    theirs: () => [
      { operation: 'insert_files', files: [{ name: 'theirs.txt', base64: 'dGhlaXJz' }] },
    ],
    check: async (space) => {
      const content = await space.admin.client.GET('/spaces/{spaceId}/content', {
        params: { path: { spaceId: space.spaceId } },
      });
      expect(content.files.map((file) => file.name).sort()).toEqual(['ours.txt', 'theirs.txt']);
    },
  },
  {
    name: 'conflict: one field changed differently on both sides',
    base: abc,
    ours: (r) => [{ operation: 'update_page', page: r.a ?? '', title: 'A ours' }],
    theirs: (r) => [{ operation: 'update_page', page: r.a ?? '', title: 'A theirs' }],
    conflicts: ['title'],
  },
  {
    name: 'conflict: meta links set differently on both sides',
    base: abc,
    ours: (r) => [
      {
        operation: 'update_page',
        page: r.a ?? '',
        metaLinks: { canonical: { kind: 'url', url: 'https://example.com/ours' } },
      },
    ],
    theirs: (r) => [
      {
        operation: 'update_page',
        page: r.a ?? '',
        metaLinks: { canonical: { kind: 'url', url: 'https://example.com/theirs' } },
      },
    ],
    conflicts: ['metaLinks'],
  },
  {
    name: 'conflict: deleted on one side, edited on the other',
    base: abc,
    ours: (r) => [{ operation: 'delete_page', page: r.a ?? '' }],
    theirs: (r) => [{ operation: 'update_page', page: r.a ?? '', title: 'A theirs' }],
    conflicts: ['page'],
  },
  {
    name: 'conflict: the same paragraph edited on both sides',
    base: [page('a', 'A', paragraphs('One.', 'Two.'))],
    ours: (r) => [
      {
        operation: 'update_page',
        page: r.a ?? '',
        document: { markdown: paragraphs('One.', 'Two, ours.') },
      },
    ],
    theirs: (r) => [
      {
        operation: 'update_page',
        page: r.a ?? '',
        document: { markdown: paragraphs('One.', 'Two, theirs.') },
      },
    ],
    conflicts: ['document'],
  },
  {
    name: 'conflict: moved into a page the other side deleted',
    base: abc,
    ours: (r) => [{ operation: 'delete_page', page: r.a ?? '' }],
    theirs: (r) => [{ operation: 'update_page', page: r.c ?? '', into: r.a ?? '' }],
    conflicts: ['page', 'parent'],
  },
  {
    name: "a page's variables, name by name",
    base: [{ ...page('a', 'A'), variables: { os: 'any', arch: 'x64' } }, page('b', 'B')],
    ours: (r) => [
      { operation: 'update_page', page: r.a ?? '', variables: { os: 'linux', arch: 'x64' } },
    ],
    theirs: (r) => [
      { operation: 'update_page', page: r.a ?? '', variables: { os: 'any', tier: 'pro' } },
    ],
    check: async (space) => {
      const merged = await space.page(space.refs.a ?? '');
      expect('variables' in merged ? merged.variables : {}).toEqual({ os: 'linux', tier: 'pro' });
    },
  },
  {
    name: "conflict: a page's variable set differently",
    base: [{ ...page('a', 'A'), variables: { os: 'any' } }],
    ours: (r) => [{ operation: 'update_page', page: r.a ?? '', variables: { os: 'linux' } }],
    theirs: (r) => [{ operation: 'update_page', page: r.a ?? '', variables: { os: 'macos' } }],
    conflicts: ['variables.os'],
  },
  {
    name: 'conflict: a variable set differently',
    base: [{ operation: 'update_variables', variables: { a: '1' } }],
    ours: () => [{ operation: 'update_variables', variables: { a: '2' } }],
    theirs: () => [{ operation: 'update_variables', variables: { a: '3' } }],
    conflicts: ['variables.a'],
  },
];

describe('merging change requests', () => {
  let server: TestServer;
  let staff: StaffedOrganization;

  beforeAll(async () => {
    server = await startTestServer();
    staff = await createStaffedOrganization(server);
  });
  afterAll(() => server.close());

  const newSpace = () => createMergeSpace(staff.admin, staff.organizationId);

  for (const mergeCase of cases) {
    it(`merges ${mergeCase.name}`, async () => {
      const space = await newSpace();
      const theirs = await mergeScenario(space, mergeCase.base, mergeCase.ours, mergeCase.theirs);
      const before = await space.tree();
      const result = await space.merge(theirs);
      if (mergeCase.conflicts !== undefined) {
        expect(result.result).toBe('conflicts');
        expect(result.conflicts?.map((conflict) => conflict.field)).toEqual(mergeCase.conflicts);
        expect(await space.tree()).toEqual(before);
        return;
      }
      expect(result.result).toBe('merge');
      if (mergeCase.expectTree !== undefined)
        expect(await space.tree()).toEqual(mergeCase.expectTree);
      await mergeCase.check?.(space);
    });
  }

  it('fast-forwards into an unchanged space: the space gets exactly the change request content', async () => {
    const space = await newSpace();
    const changeRequestId = await space.open();
    await space.apply(changeRequestId, abc);
    const result = await space.merge(changeRequestId);
    expect(result.result).toBe('merge');
    const spaceRead = await staff.admin.client.GET('/spaces/{spaceId}', {
      params: { path: { spaceId: space.spaceId } },
    });
    expect(spaceRead.revision).toBe(result.revision);
    const revision = await staff.admin.client.GET('/spaces/{spaceId}/revisions/{revisionId}', {
      params: { path: { spaceId: space.spaceId, revisionId: result.revision } },
    });
    const changeRequest = await staff.admin.client.GET(
      '/spaces/{spaceId}/change-requests/{changeRequestId}',
      {
        params: { path: { spaceId: space.spaceId, changeRequestId } },
      },
    );
    expect(revision.type).toBe('merge');
    expect(revision.mergedFrom).toMatchObject({ id: changeRequestId, status: 'merged' });
    expect(revision.parents).toEqual([changeRequest.revisionInitial, changeRequest.revision]);
    const crContent = await staff.admin.client.GET(
      '/spaces/{spaceId}/change-requests/{changeRequestId}/content/pages',
      { params: { path: { spaceId: space.spaceId, changeRequestId } } },
    );
    expect(revision.pages).toEqual(crContent.pages);
    expect(changeRequest).toMatchObject({
      status: 'merged',
      revisionMerged: result.revision,
      outdated: false,
    });
    expect(spaceRead.changeRequestsOpen).toBe(0);
  });

  it('updates a change request from its space, then merges; outdated is live', async () => {
    const space = await newSpace();
    await mergeScenario(
      space,
      abc,
      () => [],
      () => [],
    );
    const mine = await space.open('Mine');
    await space.apply(mine, [
      { operation: 'update_page', page: space.refs.a ?? '', title: 'A mine' },
    ]);
    for (const title of ['B first', 'B second']) {
      const other = await space.open('Other');
      await space.apply(other, [{ operation: 'update_page', page: space.refs.b ?? '', title }]);
      await space.merge(other);
    }
    const read = () =>
      staff.admin.client.GET('/spaces/{spaceId}/change-requests/{changeRequestId}', {
        params: { path: { spaceId: space.spaceId, changeRequestId: mine } },
      });
    expect((await read()).outdated).toBe(true);
    const updated = await space.update(mine);
    expect(updated.result).toBe('update');
    const afterUpdate = await read();
    expect(afterUpdate).toMatchObject({ outdated: false, revision: updated.revision });
    expect(afterUpdate.revisionMergedAncestor).toEqual(expect.any(String));
    const crPages = await staff.admin.client.GET(
      '/spaces/{spaceId}/change-requests/{changeRequestId}/content/pages',
      { params: { path: { spaceId: space.spaceId, changeRequestId: mine } } },
    );
    expect(crPages.pages.map((p) => p.title)).toEqual(['A mine', 'B second', 'C']);
    // Nothing new in the space: an update changes nothing.
    expect((await space.update(mine)).revision).toBe(updated.revision);
    expect((await space.merge(mine)).result).toBe('merge');
    expect(await space.tree()).toEqual(['A mine', 'B second', 'C']);
  });

  it('refuses merging twice, archived change requests, locked spaces and callers below review', async () => {
    const space = await newSpace();
    const done = await space.open();
    await space.apply(done, abc);
    await space.merge(done);
    await expectApiError(space.merge(done), 409, /merged/);
    await expectApiError(
      staff.admin.client.POST('/spaces/{spaceId}/change-requests/{changeRequestId}/content', {
        params: { path: { spaceId: space.spaceId, changeRequestId: done } },
        body: { changes: [page('late', 'Late')] },
      }),
      409,
      /merged/,
    );
    const archived = await space.open();
    await staff.admin.client.PATCH('/spaces/{spaceId}/change-requests/{changeRequestId}', {
      params: { path: { spaceId: space.spaceId, changeRequestId: archived } },
      body: { status: 'archived' },
    });
    await expectApiError(space.merge(archived), 409, /archived/);

    const editor = await server.createUser({ organizationId: staff.organizationId, role: 'edit' });
    const open = await space.open();
    const path = { spaceId: space.spaceId, changeRequestId: open };
    await expectApiError(
      editor.client.POST('/spaces/{spaceId}/change-requests/{changeRequestId}/merge', {
        params: { path },
      }),
      403,
      /review/,
    );
    expect(
      (
        await editor.client.POST('/spaces/{spaceId}/change-requests/{changeRequestId}/update', {
          params: { path },
        })
      ).result,
    ).toBe('update');
    await expectApiError(
      staff.reader.client.POST('/spaces/{spaceId}/change-requests/{changeRequestId}/update', {
        params: { path },
      }),
      403,
    );
    await expectApiError(
      staff.outsider.client.POST('/spaces/{spaceId}/change-requests/{changeRequestId}/merge', {
        params: { path },
      }),
      404,
    );
    await staff.admin.client.PATCH('/spaces/{spaceId}', {
      params: { path: { spaceId: space.spaceId } },
      body: { editMode: 'locked' },
    });
    await expectApiError(space.merge(open), 409, /locked/);
  });

  it('lands concurrent merges that do not conflict; of two that do, one merges and one reports', async () => {
    const space = await newSpace();
    await mergeScenario(
      space,
      abc,
      () => [],
      () => [],
    );
    const edits = async (pageRef: string, title: string) => {
      const id = await space.open(title);
      await space.apply(id, [{ operation: 'update_page', page: space.refs[pageRef] ?? '', title }]);
      return id;
    };
    const independent = await Promise.all([
      edits('a', 'A 1'),
      edits('b', 'B 1'),
      edits('c', 'C 1'),
    ]);
    const results = await Promise.all(independent.map((id) => space.merge(id)));
    expect(results.map((result) => result.result)).toEqual(['merge', 'merge', 'merge']);
    expect(await space.tree()).toEqual(['A 1', 'B 1', 'C 1']);

    const rivals = await Promise.all([edits('a', 'A left'), edits('a', 'A right')]);
    const outcomes = (await Promise.all(rivals.map((id) => space.merge(id)))).map((r) => r.result);
    expect(outcomes.sort()).toEqual(['conflicts', 'merge']);
    expect([
      ['A left', 'B 1', 'C 1'],
      ['A right', 'B 1', 'C 1'],
    ]).toContainEqual(await space.tree());
  });
});

describe('semantic changes and duplicates', () => {
  let server: TestServer;
  let staff: StaffedOrganization;

  beforeAll(async () => {
    server = await startTestServer();
    staff = await createStaffedOrganization(server);
  });
  afterAll(() => server.close());

  it('lists what a change request changed against its merge base, with limit and more', async () => {
    const space = await createMergeSpace(staff.admin, staff.organizationId);
    await mergeScenario(
      space,
      abc,
      () => [],
      () => [],
    );
    const changeRequestId = await space.open();
    await space.apply(changeRequestId, [
      page('d', 'D'),
      {
        operation: 'update_page',
        page: space.refs.a ?? '',
        title: 'A2',
        document: { markdown: 'new' },
      },
      { operation: 'update_page', page: space.refs.c ?? '', into: space.refs.b ?? '' },
      { operation: 'delete_page', page: space.refs.b ?? '' },
      { operation: 'insert_files', files: [{ name: 'f.txt', base64: 'Zg==' }] },
      { operation: 'update_variables', variables: { v: '1' } },
    ]);
    const path = { spaceId: space.spaceId, changeRequestId };
    const all = await staff.reader.client.GET(
      '/spaces/{spaceId}/change-requests/{changeRequestId}/changes',
      {
        params: { path, query: { limit: 100 } },
      },
    );
    expect(all.changes.map((change) => change.type).sort()).toEqual([
      'file_created',
      'page_created',
      'page_deleted',
      'page_deleted',
      'page_edited',
      'variables_edited',
    ]);
    const edited = all.changes.find((change) => change.type === 'page_edited');
    expect(edited).toMatchObject({
      attributes: { title: { before: 'A', after: 'A2' }, document: {} },
    });
    expect(all.more).toBeUndefined();
    const few = await staff.reader.client.GET(
      '/spaces/{spaceId}/change-requests/{changeRequestId}/changes',
      {
        params: { path, query: { limit: 2 } },
      },
    );
    expect(few.changes).toHaveLength(2);
    expect(few.more).toBe(4);

    const moveOnly = await space.open();
    await space.apply(moveOnly, [
      { operation: 'update_page', page: space.refs.c ?? '', into: space.refs.a ?? '' },
    ]);
    const merged = await space.merge(moveOnly);
    const revisionChanges = await staff.reader.client.GET(
      '/spaces/{spaceId}/revisions/{revisionId}/changes',
      {
        params: { path: { spaceId: space.spaceId, revisionId: merged.revision } },
      },
    );
    expect(revisionChanges.changes).toEqual([
      expect.objectContaining({
        type: 'page_moved',
        parent: { after: expect.objectContaining({ title: 'A' }) },
      }),
    ]);
  });

  it('duplicates a space, sharing its content objects', async () => {
    const space = await createMergeSpace(staff.admin, staff.organizationId);
    await mergeScenario(
      space,
      abc,
      () => [],
      () => [],
    );
    await space.open();
    const objects = () => server.countRows('content_objects');
    const before = await objects();
    const copy = await staff.creator.client.POST('/spaces/{spaceId}/duplicate', {
      params: { path: { spaceId: space.spaceId } },
    });
    expect(copy).toMatchObject({
      title: 'Merges (copy)',
      organization: staff.organizationId,
      changeRequests: 0,
    });
    expect(await objects()).toBe(before);
    const [original, copied] = await Promise.all(
      [space.spaceId, copy.id].map(
        async (spaceId) =>
          (
            await staff.admin.client.GET('/spaces/{spaceId}/content/pages', {
              params: { path: { spaceId } },
            })
          ).pages,
      ),
    );
    expect(copied?.map((p) => [p.id, p.title, 'documentId' in p ? p.documentId : ''])).toEqual(
      original?.map((p) => [p.id, p.title, 'documentId' in p ? p.documentId : '']),
    );
    await expectApiError(
      staff.reader.client.POST('/spaces/{spaceId}/duplicate', {
        params: { path: { spaceId: space.spaceId } },
      }),
      403,
    );
  });
});
