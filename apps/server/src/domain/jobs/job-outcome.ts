/**
 * What became of one run of a job: done (the job is removed), to be run again at `retryAt`,
 * failed for good (the row stays, with why), or, for a recurring job, done until it runs `again`.
 */
export type JobOutcome =
  | { done: true }
  | { retryAt: Date; error: string }
  | { failed: string }
  | { again: Date };

/**
 * The pause before retry number `attempt` (1 for the first retry): `firstMs`, doubled at every
 * attempt after it, never more than `maxMs`. The one backoff every kind of job retries with.
 * @example backoffMs(3, { firstMs: 10_000, maxMs: 3_600_000 }); // 40 000
 */
export function backoffMs(attempt: number, { firstMs, maxMs }: { firstMs: number; maxMs: number }) {
  return Math.min(firstMs * 2 ** Math.max(0, attempt - 1), maxMs);
}

/** An outcome that runs the job again `delayMs` after `now`, saying why it did not finish. */
export function retryAfter(now: Date, delayMs: number, error: string): JobOutcome {
  return { retryAt: new Date(now.getTime() + delayMs), error };
}
