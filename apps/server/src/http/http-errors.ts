import { shorten } from '../errors.js';

/**
 * An error of HTTP itself (a method, a body, a range the server does not take), with its status
 * and headers; the domain's errors are `DomainError`s, mapped in `error-handler.ts`.
 */
export class HttpError extends Error {
  override readonly name = 'HttpError';

  constructor(
    readonly status: 400 | 405 | 413 | 415 | 416,
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
export class RequestAborted extends HttpError {
  constructor() {
    super(400, 'The request body did not arrive whole: the client closed the connection');
  }
}

/** 405: the path exists, but not with this method. */
export const methodNotAllowed = (allowed: string[]) =>
  new HttpError(405, `Method not allowed; this path accepts ${allowed.join(', ')}`, {
    Allow: allowed.join(', '),
  });
/** 413: the body is larger than the server accepts. */
export const payloadTooLarge = (limit: number) =>
  new HttpError(413, `Request body is larger than the limit of ${limit} bytes`);
/** 415: the body is not JSON. */
export const unsupportedMediaType = (contentType: string) =>
  new HttpError(
    415,
    `Request bodies must be JSON: send Content-Type: application/json (got ${contentType === '' ? 'none' : `"${shorten(contentType)}"`})`,
  );
/** 416: the requested byte range lies outside the file; `Content-Range` gives its size. */
export const rangeNotSatisfiable = (size: number) =>
  new HttpError(416, `The requested range is outside the file, which has ${size} bytes`, {
    'Content-Range': `bytes */${size}`,
  });
