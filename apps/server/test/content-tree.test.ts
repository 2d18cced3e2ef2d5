import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalJson, contentHash } from '../src/domain/content/canonical-json.js';
import { ContentObjects } from '../src/domain/content/content-objects.js';
import { ContentTree } from '../src/domain/content/content-tree.js';
import {
  listInsert,
  listItems,
  listLength,
  listRemoveAt,
} from '../src/domain/content/tree/persistent-list.js';
import {
  type MapChange,
  mapEntries,
  mapGet,
  mapSet,
  mapSetMany,
} from '../src/domain/content/tree/persistent-map.js';
import { openTestDatabase, type TestDatabase } from './support/test-database.js';

const runs = Number(process.env.FC_RUNS ?? 40);

// The persistent structures against plain models: whatever the edits, a map reads like a Map
// and a list like an array, and unchanged parts keep their hashes.
describe('persistent content structures', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.drop());

  const keyArbitrary = fc.stringMatching(/^[a-z0-9]{1,6}$/);
  const mapOperation = fc.oneof(
    fc.record({ kind: fc.constant('set' as const), key: keyArbitrary, value: fc.integer() }),
    fc.record({ kind: fc.constant('delete' as const), key: keyArbitrary }),
  );

  it('reads like a Map after any sets and deletes, across leaf and branch splits', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(mapOperation, { minLength: 1, maxLength: 600 }),
        async (operations) => {
          const objects = new ContentObjects(database.db);
          const model = new Map<string, number>();
          let root: string | null = null;
          for (const operation of operations) {
            if (operation.kind === 'set') model.set(operation.key, operation.value);
            else model.delete(operation.key);
            root = await mapSet(
              objects,
              root,
              operation.key,
              operation.kind === 'set' ? operation.value : undefined,
            );
          }
          const expected = [...model].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
          expect(await mapEntries(objects, root)).toEqual(expected);
          for (const [key, value] of expected.slice(0, 20)) {
            expect(await mapGet(objects, root, key)).toBe(value);
          }
          expect(await mapGet(objects, root, 'absent-key')).toBeUndefined();
          if (model.size === 0) expect(root).toBeNull();
        },
      ),
      { numRuns: runs },
    );
  });

  it('reads like a Map after batches of sets and deletes made at once', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(mapOperation, { maxLength: 400 }), { minLength: 1, maxLength: 4 }),
        async (batches) => {
          const objects = new ContentObjects(database.db);
          const model = new Map<string, number>();
          let root: string | null = null;
          for (const batch of batches) {
            // A batch sets each key once: its last operation wins, as one by one.
            const last = new Map<string, number | undefined>();
            for (const operation of batch) {
              last.set(operation.key, operation.kind === 'set' ? operation.value : undefined);
            }
            for (const [key, value] of last) {
              if (value === undefined) model.delete(key);
              else model.set(key, value);
            }
            const changes: MapChange[] = [...last].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
            root = await mapSetMany(objects, root, changes);
          }
          const expected = [...model].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
          expect(await mapEntries(objects, root)).toEqual(expected);
          for (const [key, value] of expected.slice(0, 20)) {
            expect(await mapGet(objects, root, key)).toBe(value);
          }
          if (model.size === 0) expect(root).toBeNull();
        },
      ),
      { numRuns: runs },
    );
  });

  it('writes a thousand keys at once as a few nodes, and leaves a map alone for removals of absent keys', async () => {
    const objects = new ContentObjects(database.db);
    let root: string | null = null;
    for (let index = 0; index < 5000; index += 1) {
      root = await mapSet(objects, root, `page-${String(index).padStart(5, '0')}`, { index });
    }
    await objects.flush(database.db);
    const changes: MapChange[] = Array.from({ length: 1000 }, (_, index) => [
      `page-${String(index).padStart(5, '0')}a`,
      { index },
    ]);
    const grown = await mapSetMany(objects, root, changes);
    // The new keys fall between the first 1,000: the 2,000 keys of that range make about 60
    // leaves and branches, each written once (one key at a time writes three nodes per key).
    expect(objects.pendingCount).toBeLessThanOrEqual(100);
    expect(await mapGet(objects, grown, 'page-00999a')).toEqual({ index: 999 });
    expect(await mapSetMany(objects, root, [['absent', undefined]])).toBe(root);
  });

  it('builds the same map whatever the path to the same content', async () => {
    const objects = new ContentObjects(database.db);
    let grown: string | null = null;
    for (let index = 0; index < 300; index += 1) {
      grown = await mapSet(objects, grown, `k${index}`, index);
    }
    const again = await mapSet(objects, grown, 'k7', 7);
    expect(again).toBe(grown);
  });

  it('rewrites only the path to a changed key', async () => {
    const objects = new ContentObjects(database.db);
    let root: string | null = null;
    for (let index = 0; index < 5000; index += 1) {
      root = await mapSet(objects, root, `page-${String(index).padStart(5, '0')}`, { index });
    }
    await objects.flush(database.db);
    root = await mapSet(objects, root, 'page-02500', { index: 2500, title: 'changed' });
    // A leaf, its branch and the root: log64(5000) levels.
    expect(objects.pendingCount).toBeLessThanOrEqual(3);
  });

  it('writes canonical JSON: the same text for the same content in any key order', () => {
    const reversed = (value: unknown): unknown => {
      if (Array.isArray(value)) return value.map(reversed);
      if (typeof value !== 'object' || value === null) return value;
      return Object.fromEntries(
        Object.entries(value)
          .reverse()
          .map(([key, item]) => [key, reversed(item)]),
      );
    };
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = canonicalJson(value);
        expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(value)));
        expect(canonicalJson(reversed(value))).toBe(text);
      }),
      { numRuns: runs * 10 },
    );
    expect(canonicalJson({ b: 1, a: [2, { d: 3, c: undefined }] })).toBe('{"a":[2,{"d":3}],"b":1}');
  });

  const listOperation = fc.oneof(
    fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), item: fc.uuid() }),
    fc.record({ kind: fc.constant('remove' as const), at: fc.nat() }),
  );

  it('reads like an array after any inserts and removals', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(listOperation, { minLength: 1, maxLength: 600 }),
        async (operations) => {
          const objects = new ContentObjects(database.db);
          const model: string[] = [];
          let root: string | null = null;
          for (const operation of operations) {
            if (operation.kind === 'insert') {
              const at = operation.at % (model.length + 1);
              model.splice(at, 0, operation.item);
              root = await listInsert(objects, root, at, operation.item);
            } else if (root !== null && model.length > 0) {
              const at = operation.at % model.length;
              model.splice(at, 1);
              root = await listRemoveAt(objects, root, at);
            }
          }
          expect(await listItems(objects, root)).toEqual(model);
          expect(await listLength(objects, root)).toBe(model.length);
          if (model.length === 0) expect(root).toBeNull();
        },
      ),
      { numRuns: runs },
    );
  });

  it('appends to a list of thousands by rewriting a few small nodes', async () => {
    const objects = new ContentObjects(database.db);
    let root: string | null = null;
    for (let index = 0; index < 10_000; index += 1) {
      root = await listInsert(objects, root, index, `page-${index}`);
    }
    await objects.flush(database.db);
    root = await listInsert(objects, root, 10_000, 'one-more');
    expect(objects.pendingCount).toBeLessThanOrEqual(3);
    expect(await listLength(objects, root)).toBe(10_001);
  });
});

// Roots written before reusable content existed have no such part; they must hash as they did.
describe('a revision root and reusable content', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.drop());

  it('leaves the part out when there is none, so roots without any keep their hashes', async () => {
    const objects = new ContentObjects(database.db);
    const tree = await ContentTree.open(objects, null);
    tree.setVariables({ product: 'Quire' });
    const before = tree.rootHash();
    // The root as it was written before reusable content: five parts.
    const variables = tree.parts.variables;
    const expected = contentHash(
      canonicalJson({
        kind: 'revision-root',
        pages: null,
        slugs: null,
        top: null,
        files: null,
        variables,
      }),
    );
    expect(before).toBe(expected);
    await tree.putReusableContent({ id: 'rc1', title: 'Support', documentId: 'doc' });
    const withOne = tree.rootHash();
    expect(withOne).not.toBe(before);
    expect(JSON.stringify(tree.parts)).toContain('reusableContents');
    await tree.removeReusableContent('rc1');
    expect(tree.rootHash()).toBe(before);
    expect(Object.keys(tree.parts)).not.toContain('reusableContents');
  });
});
