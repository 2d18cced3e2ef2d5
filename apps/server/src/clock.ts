/** Where the server reads the time from; tests move it forward to cross the 7-day windows. */
export interface Clock {
  now(): Date;
}

/** The real clock. */
export const systemClock: Clock = { now: () => new Date() };
