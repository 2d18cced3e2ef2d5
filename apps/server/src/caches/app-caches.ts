import type { components } from '@quire/contract';
import { type AnswerCache, createAnswerCache } from './answer-cache.js';
import type { CacheBudget } from './cache-budget.js';
import type { DatabaseCaches } from './database-caches.js';
import { createEmbedCache, type EmbedCache } from './embed-cache.js';
import { createParsedObjectCache } from './parsed-object-cache.js';
import { type ChangeVersion, createReadCache } from './read-cache.js';
import {
  createRenderedMarkdownCache,
  type RenderedMarkdownCache,
} from './rendered-markdown-cache.js';
import { createResponseCache, type ResponseCache } from './response-cache.js';
import { createTableReadCache, type TableVersion } from './table-read-cache.js';

/** Every cache of the server, made once with the services (see `caches/README.md`). */
export interface AppCaches extends DatabaseCaches {
  /** Answers computed from content by its hash (page trees, pages), kept with their JSON. */
  answers: AnswerCache;
  /** Markdown of page bodies already rendered, by document id. */
  renderedMarkdown: RenderedMarkdownCache;
  /** Whole answers of reads that depend on the request and the database alone. */
  responses: ResponseCache;
  /** Previews of the URLs pages embed, kept an hour. */
  embeds: EmbedCache<Embed>;
}

/** How the database tells its caches that it changed. */
export interface DatabaseChanges {
  /** Moves with every commit; `undefined` while it cannot be told. */
  changes: ChangeVersion | undefined;
  /** Moves table by table. */
  tables: TableVersion | undefined;
}

type Embed = components['schemas']['Embed'];

const nothingKnown = { current: () => undefined };

/** @example const caches = createAppCaches(cacheBudget(256e6), { changes, tables }); */
export function createAppCaches(budget: CacheBudget, database: DatabaseChanges): AppCaches {
  const reads = createReadCache(database.changes ?? nothingKnown, { maxBytes: budget.reads });
  return {
    reads,
    tableReads: createTableReadCache(database.tables ?? nothingKnown, {
      maxBytes: budget.tableReads,
    }),
    parsedObjects: createParsedObjectCache({ maxBytes: budget.parsedObjects }),
    answers: createAnswerCache({ maxCharacters: Math.floor(budget.answers / 2) }),
    renderedMarkdown: createRenderedMarkdownCache({
      maxCharacters: Math.floor(budget.renderedMarkdown / 2),
    }),
    responses: createResponseCache(() => reads.version(), { maxBytes: budget.responses }),
    embeds: createEmbedCache<Embed>({ maxBytes: budget.embeds }),
  };
}
