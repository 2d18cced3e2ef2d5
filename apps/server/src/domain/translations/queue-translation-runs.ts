import type { Clock } from '../../clock.js';
import { deleteJob, hurryJob } from '../../store/jobs.js';
import type { Executor } from '../../store/schema.js';
import {
  claimQueuedJob,
  findTranslationById,
  listTranslationsOfSource,
  type TranslationRecord,
} from '../../store/translations.js';
import type { HeadMoveListener } from '../content/head-moves.js';
import { jobKind, queueJob } from '../jobs/job-kind.js';

/** The job kind that runs one translation; its payload is `{translationId}`. */
export const translationJobKind = jobKind('translation.run', { translationId: 'string' });

/**
 * Queues a run of the translation, in `trx` (the transaction of what calls for it), once
 * however many ask: a run already queued is moved up to now instead. A translation being run is
 * queued again, so what changed meanwhile is translated by the next run.
 */
export async function queueTranslationRun(
  trx: Executor,
  translation: Pick<TranslationRecord, 'id' | 'queuedJobId'>,
  now: Date,
): Promise<void> {
  if (translation.queuedJobId !== null) {
    await hurryJob(trx, translation.queuedJobId, now);
    return;
  }
  const payload = { translationId: translation.id };
  const jobId = await queueJob(trx, translationJobKind, payload, { runAt: now, now });
  if (await claimQueuedJob(trx, translation.id, jobId)) return;
  // Another writer queued one first: that one runs, moved up.
  await deleteJob(trx, jobId);
  const queued = (await findTranslationById(trx, translation.id))?.queuedJobId ?? null;
  if (queued !== null) await hurryJob(trx, queued, now);
}

/**
 * Queues a run of every translation of a space whenever its head moves (a merge, an import, an
 * edit), in the move's transaction.
 */
export function translationRuns(clock: Clock): HeadMoveListener {
  return {
    name: 'translation runs',
    async spaceHeadMoved(db, move) {
      for (const translation of await listTranslationsOfSource(db, move.spaceId)) {
        await queueTranslationRun(db, translation, clock.now());
      }
    },
  };
}
