import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite/vector';
import { Kysely, sql } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../src/clock.js';
import type { AskServices } from '../src/domain/ask/ask-services.js';
import { similarSections } from '../src/domain/ask/similar-sections.js';
import { embedSpaceSections } from '../src/domain/embeddings/embed-space-sections.js';
import { cosine, embeddingsEngine } from '../src/domain/embeddings/embeddings-engine.js';
import { shareKeys } from '../src/domain/sites/share-keys.js';
import { migrateToLatest } from '../src/store/database/migrate.js';
import { enableSectionVectors, vectorSearchOf } from '../src/store/database/section-vectors.js';
import type { Database } from '../src/store/schema.js';
import { searchIndexOf } from '../src/store/search/search-index.js';
import {
  embeddingsOfSpaces,
  nearestEmbeddings,
  upsertEmbeddings,
} from '../src/store/section-embeddings.js';
import { type FakeModel, fakeEmbedding, startFakeModel } from './support/fake-model-server.js';

// PostgreSQL with pgvector, as PGlite builds them (the machines tests run on have no pgvector
// package for their PostgreSQL, where every other test runs without it): the same SQL the server
// sends, on the extension itself.
async function openPostgres(): Promise<Kysely<Database>> {
  const postgres = await PGlite.create({ extensions: { vector } });
  const db = new Kysely<Database>({ dialect: new PGliteDialect(postgres) });
  await migrateToLatest(db, 'postgres');
  // Sections are indexed here for spaces no organization holds: their foreign keys are not what
  // this file tests.
  await sql`set session_replication_role = replica`.execute(db);
  return db;
}

const texts: Record<string, string> = {
  install: 'Install the server, then install the client.',
  plans: 'Every plan includes support.',
  logs: 'Logs are written to standard error.',
  upgrade: 'Upgrading keeps the data.',
};

/** Indexes the sections as the search index does, answering their row ids by anchor. */
async function indexSections(db: Kysely<Database>, spaceId: string): Promise<Map<string, number>> {
  const page = { id: 'page', title: 'Guide', path: 'guide' };
  await searchIndexOf('postgres').writeSections(db, spaceId, [
    {
      page,
      sections: Object.entries(texts).map(([anchor, body]) => ({ anchor, heading: anchor, body })),
    },
  ]);
  const rows = await db
    .selectFrom('indexed_sections')
    .select(['id', 'anchor'])
    .where('space_id', '=', spaceId)
    .execute();
  return new Map(rows.map((row) => [row.anchor, Number(row.id)]));
}

const embeddingOf = (spaceId: string, anchor: string, model = 'bag-of-words') => ({
  spaceId,
  pageId: 'page',
  anchor,
  sectionHash: anchor,
  model,
  vector: Float32Array.from(fakeEmbedding(texts[anchor] ?? '')),
});

describe('section vectors on PostgreSQL with pgvector', () => {
  let db: Kysely<Database>;
  let model: FakeModel;

  beforeAll(async () => {
    db = await openPostgres();
    model = await startFakeModel();
  });
  afterAll(async () => {
    await db.destroy();
    await model.close();
  });

  it('installs the extension at start, and the database ranks sections as the process would', async () => {
    expect(await vectorSearchOf(db, 'postgres')).toBe('database');
    const ids = await indexSections(db, 'space-a');
    await indexSections(db, 'space-b');
    const others = await indexSections(db, 'space-b');
    await upsertEmbeddings(
      db,
      [
        ...Object.keys(texts).map((anchor) => embeddingOf('space-a', anchor)),
        // Another model's embeddings, and the model's of another size, are never compared.
        embeddingOf('space-b', 'install', 'another-model'),
        { ...embeddingOf('space-b', 'plans'), vector: Float32Array.from([1, 1, 1]) },
      ],
      'database',
    );
    const question = Float32Array.from(fakeEmbedding('Install the server and the client'));

    const inDatabase = await nearestEmbeddings(
      db,
      ['space-a', 'space-b'],
      'bag-of-words',
      question,
      50,
    );
    const inProcess = (await embeddingsOfSpaces(db, ['space-a'], 'bag-of-words'))
      .map(({ id, vector: stored }) => ({ id, score: cosine(question, stored) }))
      .filter(({ score }) => score > 0)
      .sort((a, b) => b.score - a.score || a.id - b.id);
    expect(inDatabase.map(({ id }) => id)).toEqual(inProcess.map(({ id }) => id));
    expect(inDatabase.some(({ id }) => [...others.values()].includes(id))).toBe(false);
    expect(inDatabase[0]?.id).toBe(ids.get('install'));
    for (const [index, { score }] of inDatabase.entries()) {
      expect(score).toBeCloseTo(inProcess[index]?.score ?? 0, 5);
    }
    expect(
      await nearestEmbeddings(db, ['space-a'], 'bag-of-words', Float32Array.from([1, 0, 0]), 50),
    ).toEqual([]);
    expect(await nearestEmbeddings(db, ['space-a'], 'bag-of-words', question, 1)).toHaveLength(1);
  });

  it('gives embeddings stored before pgvector was their vectors at the next start', async () => {
    await indexSections(db, 'space-c');
    await upsertEmbeddings(
      db,
      Object.keys(texts).map((anchor) => embeddingOf('space-c', anchor)),
      'process',
    );
    const question = Float32Array.from(fakeEmbedding('Where are the logs written?'));
    expect(await nearestEmbeddings(db, ['space-c'], 'bag-of-words', question, 50)).toEqual([]);

    expect(await enableSectionVectors(db)).toBe('database');
    const found = await nearestEmbeddings(db, ['space-c'], 'bag-of-words', question, 50);
    expect(found.length).toBeGreaterThan(0);
    const [logs] = await db
      .selectFrom('indexed_sections')
      .select('id')
      .where('space_id', '=', 'space-c')
      .where('anchor', '=', 'logs')
      .execute();
    expect(found[0]?.id).toBe(Number(logs?.id));
  });

  it('embeds a space as a job does and answers a question by similarity in the database', async () => {
    const ids = await indexSections(db, 'space-d');
    const embedder = embeddingsEngine(model.embeddings);
    expect(await embedSpaceSections(db, embedder, 'space-d', 'database')).toEqual({
      embedded: 4,
      removed: 0,
    });
    const services: AskServices = {
      db,
      dialect: 'postgres',
      clock: systemClock,
      logger: pino({ level: 'silent' }),
      shareKeys: shareKeys(Buffer.alloc(32, 1)),
      urls: { site: (siteId) => `http://127.0.0.1/${siteId}/`, app: () => 'http://127.0.0.1/' },
      embeddings: model.embeddings,
      vectorSearch: 'database',
    };
    // No word of the question is in the sections; "setup" means "install" to the model.
    const [ranking] = await similarSections(services, ['space-d'], 'setup');
    expect(ranking?.[0]?.id).toBe(ids.get('install'));
  });
});
