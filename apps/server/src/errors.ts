/**
 * What went wrong, in the domain's own terms. `http/error-handler.ts` alone says which HTTP
 * status and headers each answers with; jobs and the CLI read the kind.
 */
export type DomainErrorKind =
  | 'invalid'
  | 'unauthenticated'
  | 'forbidden'
  | 'not-found'
  | 'conflict'
  | 'too-large'
  | 'too-many'
  | 'upstream-failed'
  | 'not-ready';

/**
 * An error of the domain, for a person to read: every layer below the edges throws these through
 * the factories below, never by hand.
 */
export class DomainError extends Error {
  override readonly name = 'DomainError';

  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    /** For `not-ready`: when to ask again. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

/** The input is wrong; the message names the field. */
export const invalid = (message: string) => new DomainError('invalid', message);
/** No credentials, or credentials that are not valid. */
export const unauthenticated = (message: string) => new DomainError('unauthenticated', message);
/** The caller can see the resource but may not do this. */
export const forbidden = (message: string) => new DomainError('forbidden', message);
/** No such resource, or one the caller may not see. */
export const notFound = (message: string) => new DomainError('not-found', message);
/** The request conflicts with the current state. */
export const conflict = (message: string) => new DomainError('conflict', message);
/**
 * Something the server called on the caller's behalf (an integration's script, a translation
 * engine) failed; the message says how.
 */
export const upstreamFailed = (message: string) => new DomainError('upstream-failed', message);
/** A file is larger than the server stores. */
export const fileTooLarge = (limit: number) =>
  new DomainError(
    'too-large',
    `A file is larger than the limit of ${limit} bytes (FILE_SIZE_LIMIT)`,
  );
/** The caller tried too often; try again after `retryAfterSeconds`. */
export const tooManyAttempts = (message: string, retryAfterSeconds: number) =>
  new DomainError('too-many', message, retryAfterSeconds);
/** What was asked for is not ready yet; ask again after `retryAfterSeconds`. */
export const notReadyYet = (message: string, retryAfterSeconds: number) =>
  new DomainError('not-ready', message, retryAfterSeconds);

/**
 * A value as an error message may show it: at most `max` characters, then an ellipsis, so a
 * message never echoes a large input back.
 * @example shorten('x'.repeat(100), 5); // 'xxxxx…'
 */
export function shorten(value: string, max = 40): string {
  return value.length <= max ? value : `${value.slice(0, max)}…`;
}
