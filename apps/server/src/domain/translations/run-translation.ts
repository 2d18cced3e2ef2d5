import { type Document, plainText } from '@quire/document';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.js';
import { shorten } from '../../errors.js';
import type { Database } from '../../store/schema.js';
import { findSpaceById, type SpaceRecord } from '../../store/spaces.js';
import {
  abandonTranslationRun,
  findTranslationById,
  finishTranslationRun,
  listTranslatedPages,
  replaceTranslatedPages,
  setTranslationResultSpace,
  startTranslationRun,
  type TranslatedPageRecord,
  type TranslationRecord,
} from '../../store/translations.js';
import { findUserById } from '../../store/users.js';
import type { Actor } from '../actor.js';
import { applyContentChangesToSpace } from '../content/apply-content-changes.js';
import { loadSpaceRevision } from '../content/content-revisions.js';
import { dereferenceDocument } from '../content/dereference.js';
import type { ContentWriteServices } from '../content/prepare-changes.js';
import {
  openRevisionContent,
  type PageNode,
  readBody,
  readPageTree,
} from '../content/read-content.js';
import { systemActor } from '../events/record-event.js';
import { backoffMs, type JobOutcome, retryAfter } from '../jobs/job-outcome.js';
import { createSpace } from '../spaces/create-space.js';
import { planTranslationChanges } from './translation-changes.js';
import {
  type TranslationEngine,
  TranslationEngineError,
  type TranslationRequest,
} from './translation-engine.js';
import { recordTranslationEvent } from './translations.js';

/** What a run needs besides the database: content writes, the engine (if any), the clock. */
export interface TranslationRunServices extends ContentWriteServices {
  engine: TranslationEngine | undefined;
  clock: Clock;
}

// Without an engine a run waits, and looks again this often (a restart with an engine set, or a
// run asked for, starts it sooner).
const waitForEngineMs = 10 * 60 * 1000;
// Another run of the same translation is going on: this one follows it.
const waitForOtherRunMs = 30 * 1000;
// A run that has not finished after this long belongs to a process that stopped.
const staleRunMs = 30 * 60 * 1000;
const engineAttempts = 8;
const engineBackoff = { firstMs: 30_000, maxMs: 3_600_000 };

/**
 * Runs a translation once, as job `job`: makes the result space on the first run, then writes
 * into it, as one new revision through the content write path, the source's page tree with every
 * page whose source changed since the run before translated again (the others kept, moved where
 * the source has them), and the pages the source no longer has removed. An engine that fails
 * is tried again later, with growing pauses.
 */
export async function runTranslation(
  db: Kysely<Database>,
  services: TranslationRunServices,
  translationId: string,
  job: { id: string; attempts: number },
): Promise<JobOutcome> {
  const started = services.clock.now();
  const translation = await findTranslationById(db, translationId);
  if (translation === undefined) return { done: true };
  const engine = services.engine;
  if (engine === undefined) {
    return {
      retryAt: new Date(started.getTime() + waitForEngineMs),
      error: 'No translation engine is configured (TRANSLATION_ENGINE)',
    };
  }
  const staleBefore = new Date(started.getTime() - staleRunMs).toISOString();
  const at = started.toISOString();
  if (!(await startTranslationRun(db, translationId, job.id, { at, staleBefore }))) {
    return {
      retryAt: new Date(started.getTime() + waitForOtherRunMs),
      error: 'Another run of this translation is going on',
    };
  }
  try {
    return await translateOnce(db, services, engine, translation, job.id, started);
  } catch (error) {
    if (!(error instanceof TranslationEngineError)) {
      await abandonTranslationRun(db, translationId, job.id, { at });
      throw error;
    }
    // The engine failed: the translation says so, and why, until a run finishes.
    const reason = shorten(error.message, 500);
    const retried = job.attempts < engineAttempts;
    const failedAt = services.clock.now();
    await db.transaction().execute(async (trx) => {
      if (!(await abandonTranslationRun(trx, translationId, job.id, { error: reason, at }))) return;
      await recordTranslationEvent(trx, systemActor, translation, 'translation.failed', failedAt, {
        reason,
        attempt: job.attempts,
        retried,
      });
    });
    if (!retried) return { failed: reason };
    return retryAfter(failedAt, backoffMs(job.attempts, engineBackoff), reason);
  }
}

async function translateOnce(
  db: Kysely<Database>,
  services: TranslationRunServices,
  engine: TranslationEngine,
  translation: TranslationRecord,
  jobId: string,
  started: Date,
): Promise<JobOutcome> {
  const source = await findSpaceById(db, translation.sourceSpaceId);
  const author = await findUserById(db, translation.createdBy);
  // A source in the trash is translated again once restored (its head moves then too).
  if (source === undefined || source.deletedAt !== null || author === undefined) {
    await abandonTranslationRun(db, translation.id, jobId, { at: started.toISOString() });
    return { done: true };
  }
  const actor: Actor = { user: author };
  const { result, translated } = await resultSpaceOf(db, actor, translation, source, started);
  const sourceTree = await openRevisionContent(db, await loadSpaceRevision(db, source));
  const sourcePages = await readPageTree(sourceTree);
  const resultPages = await pageTreeOf(db, result);
  const request: TranslationRequest = {
    source: translation.sourceLanguage,
    target: translation.language,
    instructions: instructionsText(translation.instructions),
  };
  const planned = await planTranslationChanges({
    engine,
    request,
    translation,
    sourcePages,
    // The result space has none of the source's reusable contents: a page carries what it
    // includes in place, translated with the rest of it.
    bodyOf: async (documentId) =>
      dereferenceDocument(sourceTree, await readBody(sourceTree.objects, documentId)),
    resultPages,
    translated,
  });
  const applied = await applyContentChangesToSpace(
    db,
    actor,
    result.id,
    planned.changes,
    services,
    'space.content_translated',
    services.clock.now(),
    { translation: translation.id, source: source.id },
  );
  const pages: TranslatedPageRecord[] = planned.pages.map((page) => ({
    ...page,
    resultPageId: createdPageId(applied.outcomes, page.resultPageId),
  }));
  const finishedAt = services.clock.now();
  const duration = Math.round((finishedAt.getTime() - started.getTime()) / 1000);
  const previous = translation.stats;
  const stats = {
    runs: previous.runs + 1,
    totalWords: previous.totalWords + planned.words,
    totalPages: pages.length,
    totalDuration: previous.totalDuration + duration,
    latestRunDuration: duration,
    latestPages: planned.translatedPages,
    latestWords: planned.words,
  };
  await db.transaction().execute(async (trx) => {
    await replaceTranslatedPages(trx, translation.id, pages);
    const finished = await finishTranslationRun(trx, translation.id, jobId, {
      resultSpaceId: result.id,
      resultRevisionId: applied.revisionId,
      stats,
      at: finishedAt.toISOString(),
    });
    if (finished) {
      await recordTranslationEvent(
        trx,
        systemActor,
        translation,
        'translation.completed',
        finishedAt,
        {
          result: result.id,
          revision: applied.revisionId,
          pages: planned.translatedPages,
          words: planned.words,
        },
      );
    }
  });
  return { done: true };
}

/**
 * The space the translation writes, made on the first run (or again when it was deleted): in
 * the same organization and collection as the source, titled after it with the language.
 */
async function resultSpaceOf(
  db: Kysely<Database>,
  actor: Actor,
  translation: TranslationRecord,
  source: SpaceRecord,
  now: Date,
): Promise<{ result: SpaceRecord; translated: TranslatedPageRecord[] }> {
  const kept =
    translation.resultSpaceId === null
      ? undefined
      : await findSpaceById(db, translation.resultSpaceId);
  if (kept !== undefined && kept.deletedAt === null) {
    return { result: kept, translated: await listTranslatedPages(db, translation.id) };
  }
  const title = `${source.title || 'Untitled'} (${translation.language})`.slice(0, 256);
  const made = await createSpace(
    db,
    actor,
    translation.organizationId,
    { title, ...(source.parentId === null ? {} : { parent: source.parentId }) },
    now,
  );
  await setTranslationResultSpace(db, translation.id, made.id, made.revisionId);
  return { result: made, translated: [] };
}

async function pageTreeOf(db: Kysely<Database>, space: SpaceRecord): Promise<PageNode[]> {
  return readPageTree(await openRevisionContent(db, await loadSpaceRevision(db, space)));
}

// A page the batch inserted is known by its ref (the source page's id) until it is written.
function createdPageId(
  outcomes: readonly { object: string; ref?: string; pageId?: string }[],
  refOrId: string,
): string {
  const created = outcomes.find(
    (outcome) => outcome.object === 'created_page' && outcome.ref === refOrId,
  );
  return created?.pageId ?? refOrId;
}

/** A translation's instructions as the plain text engines are sent. */
export function instructionsText(instructions: unknown): string {
  return isDocument(instructions) ? plainText(instructions) : '';
}

// Instructions were checked as a document when they were written.
function isDocument(value: unknown): value is Document {
  return (
    typeof value === 'object' &&
    value !== null &&
    'object' in value &&
    value.object === 'document' &&
    'nodes' in value &&
    Array.isArray(value.nodes)
  );
}
