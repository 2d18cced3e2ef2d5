import type { Logger } from 'pino';

/**
 * Runs `sweep` now and then every `intervalMs`, logging what it did and any failure (the next
 * run retries). Several server processes may sweep at once: sweeps only delete what is past its
 * time, which is harmless twice. Answers a function that stops it.
 * @example const stop = startPeriodicSweep('audit events', () => prune(db, clock.now()), hour, logger);
 */
export function startPeriodicSweep(
  what: string,
  sweep: () => Promise<number>,
  intervalMs: number,
  logger: Logger,
): () => void {
  const run = async () => {
    try {
      const removed = await sweep();
      if (removed > 0) logger.info({ removed }, `removed ${what}`);
    } catch (error) {
      logger.error({ err: error }, `removing ${what} failed; retrying at the next sweep`);
    }
  };
  void run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
