import type pg from 'pg';
import type { Logger } from 'pino';
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRes,
} from 'rate-limiter-flexible';
import type { RateLimitSettings } from '../config.js';

/** A budget requests are counted against. */
export type RateLimitBucket =
  | 'requests'
  | 'search'
  | 'signIn'
  | 'signInAccount'
  | 'ask'
  | 'askSite';

/** Where a caller stands in a bucket after a request was counted. */
export interface RateLimitState {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** When the budget is whole again, in milliseconds from now. */
  resetInMs: number;
}

/** Counts requests against the buckets; shared by every process on PostgreSQL. */
export interface RateLimits {
  consume(bucket: RateLimitBucket, key: string): Promise<RateLimitState | undefined>;
}

const settingOf: Record<RateLimitBucket, keyof RateLimitSettings> = {
  requests: 'perMinute',
  search: 'searchPerMinute',
  signIn: 'signInPerMinute',
  // Password attempts per account, whichever addresses they come from.
  signInAccount: 'signInPerMinute',
  ask: 'askPerMinute',
  // Questions asked of one site, whoever asks: a model's cost is the site's.
  askSite: 'askSitePerMinute',
};

/**
 * The rate limits of a server: in this process's memory on SQLite (one process), in the
 * `rate_limits` table on PostgreSQL, so that processes sharing a database share the budgets. A
 * caller over a limit is then refused from memory for the rest of the minute, without a query.
 * @example const limits = createRateLimits(config.rateLimits, { pool, logger }); await limits.consume('search', key);
 */
export function createRateLimits(
  settings: RateLimitSettings,
  { pool, logger }: { pool?: pg.Pool | undefined; logger: Logger },
): RateLimits {
  const limiters = new Map<RateLimitBucket, RateLimiterAbstract>();
  for (const bucket of Object.keys(settingOf) as RateLimitBucket[]) {
    const points = settings[settingOf[bucket]] ?? 0;
    if (points === 0) continue;
    const options = { keyPrefix: bucket, points, duration: 60 };
    limiters.set(
      bucket,
      pool === undefined
        ? new RateLimiterMemory(options)
        : new RateLimiterPostgres({
            ...options,
            storeClient: pool,
            storeType: 'pool',
            tableName: 'rate_limits',
            tableCreated: true,
            inMemoryBlockOnConsumed: points,
          }),
    );
  }
  return {
    async consume(bucket, key) {
      const limiter = limiters.get(bucket);
      if (limiter === undefined) return undefined;
      try {
        return stateOf(limiter.points, true, await limiter.consume(key));
      } catch (refusal) {
        // The library rejects with where the caller stands when over the limit, and with the
        // store's error when it failed: then the request goes on, uncounted.
        if (refusal instanceof RateLimiterRes) return stateOf(limiter.points, false, refusal);
        logger.warn(
          { err: refusal, bucket },
          'rate limits could not be counted; the request goes on',
        );
        return undefined;
      }
    },
  };
}

function stateOf(limit: number, allowed: boolean, at: RateLimiterRes): RateLimitState {
  return { allowed, limit, remaining: at.remainingPoints, resetInMs: at.msBeforeNext };
}
