import { documentToMarkdown, markdownToDocument } from '@quire/document';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UpdatePageInput } from '../src/domain/content/change-inputs.js';
import { ContentObjects } from '../src/domain/content/content-objects.js';
import { ContentTree } from '../src/domain/content/content-tree.js';
import { type BodyConverter, mergeContent } from '../src/domain/content/merge/merge-content.js';
import { deletePage, insertPage, updatePage } from '../src/domain/content/page-edits.js';
import { readPageTree } from '../src/domain/content/read-content.js';
import { openTestDatabase, type TestDatabase } from './support/test-database.js';

const runs = Number(process.env.FC_RUNS ?? 25);
const now = '2026-01-15T10:00:00.000Z';

const bodies: BodyConverter = {
  toMarkdown: async (document) => documentToMarkdown(document),
  fromMarkdown: async (markdown) => ({ document: markdownToDocument(markdown) }),
};

/** An edit of one page: some of its fields, its body, or its deletion. */
type Edit =
  | { kind: 'fields'; title?: string; emoji?: string; hidden?: boolean }
  | { kind: 'body'; lines: string[] }
  | { kind: 'delete' };

const editArbitrary: fc.Arbitrary<Edit> = fc.oneof(
  fc.record(
    {
      kind: fc.constant('fields' as const),
      title: fc.stringMatching(/^[A-Z][a-z]{1,8}$/),
      emoji: fc.constantFrom('🚀', '📘', '✅'),
      hidden: fc.boolean(),
    },
    { requiredKeys: ['kind'] },
  ),
  fc.record({
    kind: fc.constant('body' as const),
    lines: fc.array(fc.stringMatching(/^[a-z]{1,6}$/), { minLength: 1, maxLength: 4 }),
  }),
  fc.record({ kind: fc.constant('delete' as const) }),
);

/** Base pages, and two sets of edits on different pages: what each side of a merge did. */
const scenarioArbitrary = fc
  .integer({ min: 2, max: 12 })
  .chain((count) =>
    fc.record({
      count: fc.constant(count),
      ours: fc.dictionary(fc.nat({ max: count - 1 }).map(String), editArbitrary, {
        maxKeys: count,
      }),
      theirs: fc.dictionary(fc.nat({ max: count - 1 }).map(String), editArbitrary, {
        maxKeys: count,
      }),
    }),
  )
  .map(({ count, ours, theirs }) => ({
    count,
    ours,
    // Theirs edits only pages ours left alone, so the two never conflict.
    theirs: Object.fromEntries(Object.entries(theirs).filter(([index]) => !(index in ours))),
  }));

describe('merge properties', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.drop());

  async function build(count: number) {
    const objects = new ContentObjects(database.db);
    const tree = await ContentTree.open(objects, null);
    const ids: string[] = [];
    for (let index = 0; index < count; index += 1) {
      const body = markdownToDocument(`Page ${index}\n\nline a\n\nline b\n`);
      ids.push(
        await insertPage(
          tree,
          new Map(),
          { operation: 'insert_page', title: `Page ${index}`, document: {} },
          body,
          'base',
          now,
        ),
      );
    }
    return { objects, root: tree.rootHash(), ids };
  }

  async function applyEdits(
    objects: ContentObjects,
    root: string | null,
    ids: string[],
    edits: Record<string, Edit>,
  ): Promise<string | null> {
    const tree = await ContentTree.open(objects, root);
    for (const [index, edit] of Object.entries(edits)) {
      const page = ids[Number(index)] ?? '';
      if (edit.kind === 'delete') await deletePage(tree, new Map(), page, 'edit');
      else {
        const input: UpdatePageInput = { operation: 'update_page', page };
        if (edit.kind === 'fields') {
          if (edit.title !== undefined) input.title = edit.title;
          if (edit.emoji !== undefined) input.emoji = edit.emoji;
          if (edit.hidden !== undefined) input.hidden = edit.hidden;
        }
        const body = edit.kind === 'body' ? markdownToDocument(edit.lines.join('\n\n')) : undefined;
        await updatePage(tree, new Map(), input, body, 'edit', now);
      }
    }
    return tree.rootHash();
  }

  const summary = async (objects: ContentObjects, root: string | null) =>
    (await readPageTree(await ContentTree.open(objects, root))).map(({ page }) => [
      page.id,
      page.title,
      page.emoji,
      page.hidden,
      page.documentId,
    ]);

  it('merging into an unchanged side gives exactly the other side', async () => {
    await fc.assert(
      fc.asyncProperty(scenarioArbitrary, async ({ count, theirs }) => {
        const { objects, root: base, ids } = await build(count);
        const changed = await applyEdits(objects, base, ids, theirs);
        expect(await mergeContent(objects, { base, ours: base, theirs: changed }, bodies)).toEqual({
          root: changed,
        });
        expect(await mergeContent(objects, { base, ours: changed, theirs: base }, bodies)).toEqual({
          root: changed,
        });
      }),
      { numRuns: runs },
    );
  });

  it('merges edits of different pages into the same content either way round, every time', async () => {
    await fc.assert(
      fc.asyncProperty(scenarioArbitrary, async ({ count, ours, theirs }) => {
        const { objects, root: base, ids } = await build(count);
        const ourRoot = await applyEdits(objects, base, ids, ours);
        const theirRoot = await applyEdits(objects, base, ids, theirs);
        const merged = await mergeContent(
          objects,
          { base, ours: ourRoot, theirs: theirRoot },
          bodies,
        );
        const again = await mergeContent(
          objects,
          { base, ours: ourRoot, theirs: theirRoot },
          bodies,
        );
        const swapped = await mergeContent(
          objects,
          { base, ours: theirRoot, theirs: ourRoot },
          bodies,
        );
        expect(again).toEqual(merged);
        if (!('root' in merged) || !('root' in swapped))
          throw new Error('Disjoint edits conflicted');
        expect(await summary(objects, swapped.root)).toEqual(await summary(objects, merged.root));
        // Both sides' edits are in, as each side made them.
        const result = new Map((await summary(objects, merged.root)).map((row) => [row[0], row]));
        for (const side of [ourRoot, theirRoot]) {
          const edited = side === ourRoot ? ours : theirs;
          const sideRows = new Map((await summary(objects, side)).map((row) => [row[0], row]));
          for (const [index, edit] of Object.entries(edited)) {
            const id = ids[Number(index)] ?? '';
            if (edit.kind === 'delete') expect(result.has(id)).toBe(false);
            else expect(result.get(id)).toEqual(sideRows.get(id));
          }
        }
      }),
      { numRuns: runs },
    );
  });
});
