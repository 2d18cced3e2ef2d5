import type { Clock } from '../../clock.js';
import type { HeadMoveListener } from '../content/head-moves.js';
import { jobKind, queueJob } from '../jobs/job-kind.js';

/** The job kind that brings a space's section embeddings up to date; its payload is `{spaceId}`. */
export const spaceEmbeddingsJobKind = jobKind('embeddings.space', { spaceId: 'string' });

/**
 * Queues the embedding of a space's sections whenever its head moves, in the move's
 * transaction. The jobs of one space run one after the other (their lane): each embeds only
 * what the ones before left to do.
 */
export function spaceEmbeddings(clock: Clock): HeadMoveListener {
  return {
    name: 'section embeddings',
    async spaceHeadMoved(db, move) {
      const now = clock.now();
      await queueJob(
        db,
        spaceEmbeddingsJobKind,
        { spaceId: move.spaceId },
        { runAt: now, now, lane: `embeddings:${move.spaceId}` },
      );
    },
  };
}
