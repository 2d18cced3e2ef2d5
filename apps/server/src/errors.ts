/**
 * An error with an HTTP status that the error handler turns into the error body. Every layer
 * throws these through the factories below, never by hand.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: 400 | 401 | 403 | 404 | 405 | 409 | 413 | 415 | 416 | 502 | 503,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/**
 * The client closed the connection before its request body arrived whole. Nobody reads the
 * answer; the error handler logs it as an aborted request, which is not a server fault.
 */
export class RequestAborted extends ApiError {
  constructor() {
    super(400, 'The request body did not arrive whole: the client closed the connection');
  }
}

/** 400: the input is wrong; the message names the field. */
export const badRequest = (message: string) => new ApiError(400, message);
/** 401: no token, or a token that is not valid. */
export const unauthorized = (message: string) =>
  new ApiError(401, message, { 'WWW-Authenticate': 'Bearer realm="quire"' });
/** 403: the caller can see the resource but may not do this. */
export const forbidden = (message: string) => new ApiError(403, message);
/** 404: no such resource, or one the caller may not see. */
export const notFound = (message: string) => new ApiError(404, message);
/** 405: the path exists, but not with this method. */
export const methodNotAllowed = (allowed: string[]) =>
  new ApiError(405, `Method not allowed; this path accepts ${allowed.join(', ')}`, {
    Allow: allowed.join(', '),
  });
/** 409: the request conflicts with the current state. */
export const conflict = (message: string) => new ApiError(409, message);
/**
 * 502: something the server called on the caller's behalf (an integration's script, a
 * translation engine) failed; the message says how.
 */
export const badGateway = (message: string) => new ApiError(502, message);
/** 413: the body is larger than the server accepts. */
export const payloadTooLarge = (limit: number) =>
  new ApiError(413, `Request body is larger than the limit of ${limit} bytes`);
/** 413: a file is larger than the server stores. */
export const fileTooLarge = (limit: number) =>
  new ApiError(413, `A file is larger than the limit of ${limit} bytes (FILE_SIZE_LIMIT)`);
/** 415: the body is not JSON. */
export const unsupportedMediaType = (contentType: string) =>
  new ApiError(
    415,
    `Request bodies must be JSON: send Content-Type: application/json (got ${contentType === '' ? 'none' : `"${shorten(contentType)}"`})`,
  );
/** 416: the requested byte range lies outside the file; `Content-Range` gives its size. */
export const rangeNotSatisfiable = (size: number) =>
  new ApiError(416, `The requested range is outside the file, which has ${size} bytes`, {
    'Content-Range': `bytes */${size}`,
  });
/** 503: what was asked for is not ready yet; `Retry-After` says when to ask again. */
export const notReadyYet = (message: string, retryAfterSeconds: number) =>
  new ApiError(503, message, { 'Retry-After': String(retryAfterSeconds) });

/**
 * A value as an error message may show it: at most `max` characters, then an ellipsis, so a
 * message never echoes a large input back.
 * @example shorten('x'.repeat(100), 5); // 'xxxxx…'
 */
export function shorten(value: string, max = 40): string {
  return value.length <= max ? value : `${value.slice(0, max)}…`;
}
