/**
 * An error with an HTTP status that the error handler turns into the error body. Every layer
 * throws these through the factories below, never by hand.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: 400 | 401 | 403 | 404 | 405 | 409 | 413,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
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
/** 413: the body is larger than the server accepts. */
export const payloadTooLarge = (limit: number) =>
  new ApiError(413, `Request body is larger than the limit of ${limit} bytes`);
