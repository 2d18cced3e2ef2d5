import type { Selectable } from 'kysely';
import { chunks } from './chunks.js';
import { keysetPage, mapPage, type Page, type PageRequest } from './pagination.js';
import type { Executor, TranslationPagesTable, TranslationsTable } from './schema.js';

/** Where a translation is in its runs. */
export type TranslationStatus = 'pending' | 'running' | 'completed' | 'failed';

/** What the runs of a translation did; durations in seconds. */
export interface TranslationStats {
  runs: number;
  totalWords: number;
  totalPages: number;
  totalDuration: number;
  latestRunDuration: number;
  latestPages: number;
  latestWords: number;
}

/** A stored translation. */
export interface TranslationRecord {
  id: string;
  organizationId: string;
  sourceSpaceId: string;
  sourceLanguage: string;
  language: string;
  /** The instructions document, as stored (JSON). */
  instructions: unknown;
  status: TranslationStatus;
  resultSpaceId: string | null;
  resultRevisionId: string | null;
  stats: TranslationStats;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
  queuedJobId: string | null;
  runningJobId: string | null;
  runStartedAt: string | null;
  /** Why the latest run failed, while `status` is `failed`. */
  lastError: string | null;
}

/** A source page and what a run wrote for it. */
export interface TranslatedPageRecord {
  sourcePageId: string;
  resultPageId: string;
  sourceHash: string;
  words: number;
}

function toStatus(value: string): TranslationStatus {
  if (value === 'pending' || value === 'running' || value === 'completed' || value === 'failed') {
    return value;
  }
  throw new Error(`A stored translation has an unknown status ${value}`);
}

function toTranslation(row: Selectable<TranslationsTable>): TranslationRecord {
  return {
    id: row.id,
    organizationId: row.organization_id,
    sourceSpaceId: row.source_space_id,
    sourceLanguage: row.source_language,
    language: row.language,
    instructions: JSON.parse(row.instructions),
    status: toStatus(row.status),
    resultSpaceId: row.result_space_id,
    resultRevisionId: row.result_revision_id,
    stats: {
      runs: row.runs,
      totalWords: row.total_words,
      totalPages: row.total_pages,
      totalDuration: row.total_duration,
      latestRunDuration: row.latest_run_duration,
      latestPages: row.latest_pages,
      latestWords: row.latest_words,
    },
    createdBy: row.created_by,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    queuedJobId: row.queued_job_id,
    runningJobId: row.running_job_id,
    runStartedAt: row.run_started_at,
    lastError: row.last_error,
  };
}

function toRow(translation: TranslationRecord): Selectable<TranslationsTable> {
  const { stats } = translation;
  return {
    id: translation.id,
    organization_id: translation.organizationId,
    source_space_id: translation.sourceSpaceId,
    source_language: translation.sourceLanguage,
    language: translation.language,
    instructions: JSON.stringify(translation.instructions),
    status: translation.status,
    result_space_id: translation.resultSpaceId,
    result_revision_id: translation.resultRevisionId,
    runs: stats.runs,
    total_words: stats.totalWords,
    total_pages: stats.totalPages,
    total_duration: stats.totalDuration,
    latest_run_duration: stats.latestRunDuration,
    latest_pages: stats.latestPages,
    latest_words: stats.latestWords,
    created_by: translation.createdBy,
    created_at: translation.createdAt,
    updated_at: translation.updatedAt,
    queued_job_id: translation.queuedJobId,
    running_job_id: translation.runningJobId,
    run_started_at: translation.runStartedAt,
    last_error: translation.lastError,
  };
}

/** Stores a new translation. */
export async function insertTranslation(
  db: Executor,
  translation: TranslationRecord,
): Promise<void> {
  await db.insertInto('translations').values(toRow(translation)).execute();
}

/** Writes the instructions of a translation. */
export async function updateTranslationInstructions(
  db: Executor,
  id: string,
  instructions: unknown,
  at: string,
): Promise<void> {
  await db
    .updateTable('translations')
    .set({ instructions: JSON.stringify(instructions), updated_at: at })
    .where('id', '=', id)
    .execute();
}

/** Removes a translation and what it knows of its pages. */
export async function deleteTranslation(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('translation_pages').where('translation_id', '=', id).execute();
  await db.deleteFrom('translations').where('id', '=', id).execute();
}

/** The translation with this id in this organization, if any. */
export async function findTranslation(
  db: Executor,
  organizationId: string,
  id: string,
): Promise<TranslationRecord | undefined> {
  const row = await db
    .selectFrom('translations')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && toTranslation(row);
}

/** The translation with this id, whatever its organization: what a job reads. */
export async function findTranslationById(
  db: Executor,
  id: string,
): Promise<TranslationRecord | undefined> {
  const row = await db
    .selectFrom('translations')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  return row && toTranslation(row);
}

/** The translations whose source is this space. */
export async function listTranslationsOfSource(
  db: Executor,
  spaceId: string,
): Promise<TranslationRecord[]> {
  const rows = await db
    .selectFrom('translations')
    .selectAll()
    .where('source_space_id', '=', spaceId)
    .execute();
  return rows.map(toTranslation);
}

/** A page of an organization's translations, newest first. */
export async function listTranslations(
  db: Executor,
  organizationId: string,
  request: PageRequest,
): Promise<Page<TranslationRecord>> {
  const page = await keysetPage(
    db.selectFrom('translations').where('organization_id', '=', organizationId),
    (query) => query.selectAll(),
    {
      columns: ['created_at', 'id'],
      direction: 'desc',
      cursorOf: (row) => [row.created_at, row.id],
    },
    request,
  );
  return mapPage(page, toTranslation);
}

/**
 * Names the job that runs the translation next, when none is queued (the translation waits,
 * unless a run is going on): false, changing nothing, when one is.
 */
export async function claimQueuedJob(db: Executor, id: string, jobId: string): Promise<boolean> {
  const result = await db
    .updateTable('translations')
    .set((eb) => ({
      queued_job_id: jobId,
      status: eb.case().when('running_job_id', 'is', null).then('pending').else('running').end(),
    }))
    .where('id', '=', id)
    .where('queued_job_id', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Starts a run by `jobId`, when no other job runs the translation (or the one that did stopped
 * before `staleBefore`): false, changing nothing, when another does.
 */
export async function startTranslationRun(
  db: Executor,
  id: string,
  jobId: string,
  { at, staleBefore }: { at: string; staleBefore: string },
): Promise<boolean> {
  const result = await db
    .updateTable('translations')
    .set({ status: 'running', running_job_id: jobId, run_started_at: at })
    .where('id', '=', id)
    .where((eb) =>
      eb.or([
        eb('running_job_id', 'is', null),
        eb('running_job_id', '=', jobId),
        eb('run_started_at', '<', staleBefore),
      ]),
    )
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return false;
  await db
    .updateTable('translations')
    .set({ queued_job_id: null })
    .where('id', '=', id)
    .where('queued_job_id', '=', jobId)
    .execute();
  return true;
}

/**
 * Ends the run of `jobId`: what it wrote and its figures; the status is `pending` when another
 * run was queued meanwhile, else `completed`. False when the run is no longer this job's.
 */
export async function finishTranslationRun(
  db: Executor,
  id: string,
  jobId: string,
  finished: {
    resultSpaceId: string;
    resultRevisionId: string;
    stats: TranslationStats;
    at: string;
  },
): Promise<boolean> {
  const { stats } = finished;
  const result = await db
    .updateTable('translations')
    .set((eb) => ({
      status: eb.case().when('queued_job_id', 'is', null).then('completed').else('pending').end(),
      running_job_id: null,
      run_started_at: null,
      result_space_id: finished.resultSpaceId,
      result_revision_id: finished.resultRevisionId,
      runs: stats.runs,
      total_words: stats.totalWords,
      total_pages: stats.totalPages,
      total_duration: stats.totalDuration,
      latest_run_duration: stats.latestRunDuration,
      latest_pages: stats.latestPages,
      latest_words: stats.latestWords,
      last_error: null,
      updated_at: finished.at,
    }))
    .where('id', '=', id)
    .where('running_job_id', '=', jobId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Lets go of a run that did not finish: with `error` (the engine failed) the translation is
 * `failed` and says why until a run finishes; without (something else broke, to be tried again)
 * it waits, `pending`. False when the run is no longer this job's.
 */
export async function abandonTranslationRun(
  db: Executor,
  id: string,
  jobId: string,
  { error, at }: { error?: string; at: string },
): Promise<boolean> {
  const result = await db
    .updateTable('translations')
    .set({
      status: error === undefined ? 'pending' : 'failed',
      running_job_id: null,
      run_started_at: null,
      ...(error === undefined ? {} : { last_error: error, updated_at: at }),
    })
    .where('id', '=', id)
    .where('running_job_id', '=', jobId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Records the result space a first run made, before it writes there. */
export async function setTranslationResultSpace(
  db: Executor,
  id: string,
  spaceId: string,
  revisionId: string,
): Promise<void> {
  await db
    .updateTable('translations')
    .set({ result_space_id: spaceId, result_revision_id: revisionId })
    .where('id', '=', id)
    .execute();
}

function toTranslatedPage(row: Selectable<TranslationPagesTable>): TranslatedPageRecord {
  return {
    sourcePageId: row.source_page_id,
    resultPageId: row.result_page_id,
    sourceHash: row.source_hash,
    words: row.words,
  };
}

/** What the runs of a translation wrote, by source page. */
export async function listTranslatedPages(
  db: Executor,
  translationId: string,
): Promise<TranslatedPageRecord[]> {
  const rows = await db
    .selectFrom('translation_pages')
    .selectAll()
    .where('translation_id', '=', translationId)
    .execute();
  return rows.map(toTranslatedPage);
}

/** Replaces what the runs of a translation wrote with `pages`. */
export async function replaceTranslatedPages(
  db: Executor,
  translationId: string,
  pages: readonly TranslatedPageRecord[],
): Promise<void> {
  await db.deleteFrom('translation_pages').where('translation_id', '=', translationId).execute();
  for (const part of chunks(pages)) {
    await db
      .insertInto('translation_pages')
      .values(
        part.map((page) => ({
          translation_id: translationId,
          source_page_id: page.sourcePageId,
          result_page_id: page.resultPageId,
          source_hash: page.sourceHash,
          words: page.words,
        })),
      )
      .execute();
  }
}
