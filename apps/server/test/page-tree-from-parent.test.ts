import type { components } from '@quire/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContentObjects } from '../src/domain/content/content-objects.js';
import { ContentTree } from '../src/domain/content/content-tree.js';
import { pagesChangedInPlace } from '../src/domain/content/pages-changed-in-place.js';
import { readPageTree } from '../src/domain/content/read-content.js';
import type { PageRecord } from '../src/domain/content/records.js';
import { presentChangedPages, presentPages } from '../src/presenters/page.js';
import { createUrls } from '../src/presenters/urls.js';
import { spaceEditing } from './support/space-editing.js';
import { createSpaceWithContent } from './support/space-with-content.js';
import { openTestDatabase, type TestDatabase } from './support/test-database.js';
import {
  createStaffedOrganization,
  type StaffedOrganization,
  startTestServer,
  type TestServer,
} from './support/test-server.js';

type Change = components['schemas']['ContentChange'];

const runs = Number(process.env.FC_RUNS ?? 40);
const urls = createUrls('http://quire.test');

/** A page record of the tree a property builds: `at` is its number, `parent` another's. */
function pageRecord(at: number, parent: string | null, type: PageRecord['type']): PageRecord {
  return {
    id: `p${at}`,
    type,
    title: `Page ${at}`,
    slug: `page-${at}`,
    parent,
    ...(type === 'document' ? { documentId: `body-${at}` } : {}),
    ...(type === 'link' ? { target: { kind: 'url' as const, url: `https://x.test/${at}` } } : {}),
    children: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
}

// A tree presented once, then brought to the content an edit made by presenting only the pages
// that changed in place, must be the tree presented whole; an edit that moves anything is
// presented whole.
describe('a page tree made from its parent revision', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.drop());

  const shape = fc.array(
    fc.record({
      parent: fc.nat(),
      type: fc.constantFrom<PageRecord['type']>('document', 'document', 'group', 'link'),
    }),
    { minLength: 1, maxLength: 40 },
  );
  const edit = fc.oneof(
    fc.record({ kind: fc.constant('title' as const), page: fc.nat() }),
    fc.record({ kind: fc.constant('body' as const), page: fc.nat() }),
    fc.record({ kind: fc.constant('hide' as const), page: fc.nat() }),
    fc.record({ kind: fc.constant('slug' as const), page: fc.nat() }),
    fc.record({ kind: fc.constant('move' as const), page: fc.nat() }),
    fc.record({ kind: fc.constant('insert' as const), page: fc.nat() }),
  );

  it('is the tree presented whole, and is made so for every edit in place', async () => {
    await fc.assert(
      fc.asyncProperty(
        shape,
        fc.array(edit, { minLength: 1, maxLength: 4 }),
        async (pages, edits) => {
          const objects = new ContentObjects(database.db);
          const tree = await ContentTree.open(objects, null);
          for (const [at, { parent, type }] of pages.entries()) {
            // A parent among the earlier pages that can have children, or the top level.
            const candidates = pages
              .slice(0, at)
              .flatMap((page, index) => (page.type === 'link' ? [] : [index]));
            const parentAt =
              candidates.length === 0 || parent % 3 === 0
                ? undefined
                : candidates[parent % candidates.length];
            const parentId = parentAt === undefined ? null : `p${parentAt}`;
            await tree.putPage(pageRecord(at, parentId, type));
            await tree.placePage(parentId, `p${at}`, undefined);
          }
          const before = await ContentTree.open(objects, tree.rootHash());
          const presented = presentPages(await readPageTree(before), 'space', urls);

          let inPlace = true;
          for (const { kind, page } of edits) {
            const record = await tree.page(`p${page % pages.length}`);
            if (record === undefined) continue;
            if (kind === 'title') await tree.putPage({ ...record, title: `${record.title}!` });
            if (kind === 'body')
              await tree.putPage({ ...record, updatedAt: '2026-02-01T00:00:00.000Z' });
            if (kind === 'hide')
              await tree.putPage({ ...record, hidden: !(record.hidden ?? false) });
            if (kind === 'slug') {
              inPlace = false;
              await tree.putPage({ ...record, slug: `${record.slug}-renamed` });
            }
            if (kind === 'move' && record.parent !== null) {
              inPlace = false;
              await tree.unplacePage(record.parent, record.id);
              await tree.putPage({ ...record, parent: null });
              await tree.placePage(null, record.id, 0);
            }
            if (kind === 'insert') {
              inPlace = false;
              const id = `p${pages.length + 1000}`;
              if ((await tree.page(id)) !== undefined) continue;
              await tree.putPage(pageRecord(pages.length + 1000, null, 'document'));
              await tree.placePage(null, id, 0);
            }
          }
          const after = await ContentTree.open(objects, tree.rootHash());
          const changed = await pagesChangedInPlace(before, after);
          if (inPlace) expect(changed).toBeDefined();
          if (changed === undefined) return;
          const whole = presentPages(await readPageTree(after), 'space', urls);
          expect(presentChangedPages(presented, changed, 'space', urls)).toEqual(whole);
        },
      ),
      { numRuns: runs },
    );
  });
});

describe('the page tree read after edits', () => {
  let server: TestServer;
  let staff: StaffedOrganization;
  let spaceId: string;

  beforeAll(async () => {
    server = await startTestServer();
    staff = await createStaffedOrganization(server);
    spaceId = await createSpaceWithContent(staff, 'Handbook', [
      { operation: 'insert_page', ref: 'guide', title: 'Guide', type: 'group', document: {} },
      { operation: 'insert_page', ref: 'start', into: 'guide', title: 'Start', document: {} },
      { operation: 'insert_page', into: 'start', title: 'Deep', document: { markdown: 'Down\n' } },
      { operation: 'insert_page', title: 'Home', document: { markdown: 'Home\n' } },
      {
        operation: 'insert_page',
        type: 'link',
        title: 'Site',
        document: {},
        target: { kind: 'url', url: 'https://x.test/' },
      },
    ]);
  });
  afterAll(() => server.close());

  const merged = async (changes: Change[]) => {
    const { openChangeRequest, apply, merge } = spaceEditing(staff.admin, () => spaceId);
    const changeRequestId = await openChangeRequest();
    await apply(changeRequestId, changes);
    await merge(changeRequestId);
  };
  /** The head's tree as the tree read answers it, and as the whole revision read presents it. */
  const bothTrees = async () => {
    const { client } = staff.admin;
    const { pages } = await client.GET('/spaces/{spaceId}/content/pages', {
      params: { path: { spaceId } },
    });
    const revision = await client.GET('/spaces/{spaceId}/content', {
      params: { path: { spaceId } },
    });
    return { read: pages, whole: revision.pages };
  };

  it('is the whole tree after every kind of edit, merged one after another', async () => {
    const first = await bothTrees();
    expect(first.read).toEqual(first.whole);
    const ids = new Map<string, string>();
    const collect = (pages: typeof first.read) => {
      for (const page of pages) {
        ids.set(page.title, page.id);
        collect(page.pages);
      }
    };
    collect(first.read);
    const id = (title: string) => ids.get(title) ?? '';
    const edits: Change[][] = [
      [{ operation: 'update_page', page: id('Deep'), document: { markdown: 'Further down\n' } }],
      [{ operation: 'update_page', page: id('Guide'), title: 'The guide', emoji: '1f4d6' }],
      [
        { operation: 'update_page', page: id('Start'), hidden: true },
        { operation: 'update_page', page: id('Deep'), title: 'Deeper' },
        {
          operation: 'update_page',
          page: id('Site'),
          target: { kind: 'url', url: 'https://y.test/' },
        },
      ],
      [{ operation: 'update_page', page: id('Start'), slug: 'begin' }],
      [{ operation: 'update_page', page: id('Deep'), into: null, at: 0 }],
      [
        {
          operation: 'insert_page',
          into: id('Guide'),
          title: 'Later',
          document: { markdown: 'x\n' },
        },
      ],
      [{ operation: 'delete_page', page: id('Deep') }],
      [{ operation: 'update_page', page: id('Home'), document: { markdown: 'Home again\n' } }],
    ];
    for (const changes of edits) {
      await merged(changes);
      const { read, whole } = await bothTrees();
      expect(read).toEqual(whole);
    }
    expect(JSON.stringify((await bothTrees()).read)).toContain('"path":"guide/begin"');
  });
});
