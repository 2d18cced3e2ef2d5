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
