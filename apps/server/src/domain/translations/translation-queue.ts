import type { Clock } from '../../clock.js';
import { deleteJob, enqueueJob, hurryJob } from '../../store/jobs.js';
import type { Executor } from '../../store/schema.js';
import {
  claimQueuedJob,
  findTranslationById,
  listTranslationsOfSource,
  type TranslationRecord,
} from '../../store/translations.js';
import type { HeadFollowers } from '../content/head-moves.js';

/** The job kind that runs one translation; its payload is `{translationId}`. */
export const translationJobKind = 'translation.run';

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
  const jobId = await enqueueJob(trx, { kind: translationJobKind, payload, runAt: now }, now);
  if (await claimQueuedJob(trx, translation.id, jobId)) return;
  // Another writer queued one first: that one runs, moved up.
  await deleteJob(trx, jobId);
  const queued = (await findTranslationById(trx, translation.id))?.queuedJobId ?? null;
  if (queued !== null) await hurryJob(trx, queued, now);
}

/**
 * `followers`, and a run queued for every translation of a space whenever its head moves (a
 * merge, an import, an edit), in the move's transaction.
 * @example const heads = withTranslationRuns(contentIndexFollowers(options), systemClock);
 */
export function withTranslationRuns(followers: HeadFollowers, clock: Clock): HeadFollowers {
  return {
    async spaceHeadMoved(db, move) {
      await followers.spaceHeadMoved(db, move);
      for (const translation of await listTranslationsOfSource(db, move.spaceId)) {
        await queueTranslationRun(db, translation, clock.now());
      }
    },
    changeRequestHeadMoved: (db, move) => followers.changeRequestHeadMoved(db, move),
  };
}
