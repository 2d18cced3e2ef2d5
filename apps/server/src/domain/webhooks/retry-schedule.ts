const second = 1000;
const minute = 60 * second;
const hour = 60 * minute;

/**
 * Pauses before each retry of a failed delivery, the schedule Standard Webhooks recommends:
 * 8 attempts over about 27 hours, so a receiver down for a day still gets every event.
 */
export const retryDelaysMs = [
  5 * second,
  5 * minute,
  30 * minute,
  2 * hour,
  5 * hour,
  10 * hour,
  10 * hour,
];

/**
 * When to try again after `attemptsMade` failed attempts, or `undefined` once they are used up.
 * @example nextAttemptAt(1, now); // now + 5 s
 */
export function nextAttemptAt(attemptsMade: number, now: Date): Date | undefined {
  const delay = retryDelaysMs[attemptsMade - 1];
  return delay === undefined ? undefined : new Date(now.getTime() + delay);
}

/**
 * When a receiver that has failed every attempt since `failingSince` is tried again at the
 * earliest, whichever delivery is next: after as long again as it has been failing, from 5
 * seconds to 10 hours. A backlog for a receiver that is down is then tried a few times an hour,
 * not one delivery after the other.
 * @example receiverRetryAt('2026-01-01T10:00:00Z', new Date('2026-01-01T10:10:00Z')); // 10:20
 */
export function receiverRetryAt(failingSince: string, now: Date): Date {
  const failingMs = now.getTime() - new Date(failingSince).getTime();
  const pauseMs = Math.min(10 * hour, Math.max(5 * second, failingMs));
  return new Date(now.getTime() + pauseMs);
}

/** The lane a webhook's deliveries run in: one at a time, in order (see `claimDueJobs`). */
export function webhookLane(webhookId: string): string {
  return `webhook:${webhookId}`;
}
