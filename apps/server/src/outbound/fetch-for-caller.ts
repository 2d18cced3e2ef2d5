import { fileTooLarge, invalid, shorten } from '../errors.js';
import { fetchOutbound } from './fetch-outbound.js';
import { OutboundError } from './outbound-error.js';

/** How a fetch made for a caller may go, and how its failures are told. */
export interface CallerFetchOptions {
  /** Lets fetches reach private and loopback addresses (`OUTBOUND_ALLOW_PRIVATE`). */
  allowPrivate: boolean;
  /** Largest body in bytes; a larger one is the caller's 413. */
  maxBytes: number;
  /** Time for the whole fetch; the guard's default unless given. */
  timeoutMs?: number;
  /** What a failure says first, for the URL: `The file at …` → "The file at … could not be fetched". */
  failure: (url: string) => string;
  /**
   * A URL that is merely unreachable or answers outside 2xx gives `undefined` instead of an error
   * (a crawled page that can't be had is skipped); one the guard refuses is still an error.
   */
  optional?: boolean;
}

/** What a URL answered. */
export interface FetchedForCaller {
  /** The URL that answered, after redirects. */
  url: string;
  /** The media type, without its parameters. */
  contentType: string | undefined;
  body: Buffer;
}

/**
 * Fetches a URL a caller handed in (a file to insert, a source to import) through the outbound
 * guard, as part of the caller's request: an answer outside 2xx or a failure to get one is the
 * caller's 400 saying why, a body over `maxBytes` their 413.
 * @example
 * const { body } = await fetchForCaller(url, {
 *   allowPrivate: services.outboundAllowPrivate,
 *   maxBytes: services.fileSizeLimit,
 *   failure: (at) => `The file at ${at} could not be fetched`,
 * });
 */
export async function fetchForCaller(
  url: string,
  options: CallerFetchOptions & { optional?: false },
): Promise<FetchedForCaller>;
export async function fetchForCaller(
  url: string,
  options: CallerFetchOptions,
): Promise<FetchedForCaller | undefined>;
export async function fetchForCaller(
  url: string,
  { allowPrivate, maxBytes, timeoutMs, failure, optional = false }: CallerFetchOptions,
): Promise<FetchedForCaller | undefined> {
  const failed = (reason: string) => invalid(`${failure(shorten(url, 100))}: ${reason}`);
  try {
    const response = await fetchOutbound(url, {
      allowPrivate,
      maxBytes,
      ...(timeoutMs === undefined ? {} : { timeoutMs }),
    });
    if (response.status >= 200 && response.status <= 299) {
      return {
        url: response.url,
        contentType: response.contentType?.split(';')[0]?.trim(),
        body: response.body,
      };
    }
    if (optional) return undefined;
    throw failed(`it answered ${response.status}`);
  } catch (error) {
    if (!(error instanceof OutboundError)) throw error;
    if (optional && error.code !== 'blocked') return undefined;
    if (error.code === 'too-large') throw fileTooLarge(maxBytes);
    throw failed(error.message);
  }
}
