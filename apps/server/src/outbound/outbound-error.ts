import { shorten } from '../errors.js';

/** Why an outbound fetch did not get an answer. */
export type OutboundErrorCode = 'bad-url' | 'blocked' | 'timeout' | 'too-large' | 'failed';

/** An outbound fetch that did not get an answer; the message says why, for a person. */
export class OutboundError extends Error {
  override readonly name = 'OutboundError';

  constructor(
    readonly code: OutboundErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** A URL as messages show it: at most its first 100 characters, never a password it carries. */
export function quoteUrl(url: string): string {
  if (!URL.canParse(url)) return shorten(url, 100);
  const parsed = new URL(url);
  if (parsed.username === '' && parsed.password === '') return shorten(url, 100);
  parsed.username = '';
  parsed.password = '';
  return shorten(parsed.href, 100);
}
