/**
 * An error answer from the Quire API: the HTTP status and the server's message.
 * @example
 * try { await client.GET('/spaces/{spaceId}', { params: { path: { spaceId } } }); }
 * catch (error) { if (error instanceof QuireApiError && error.status === 404) { … } }
 */
export class QuireApiError extends Error {
  override readonly name = 'QuireApiError';

  constructor(
    /** HTTP status of the answer. */
    readonly status: number,
    message: string,
    /** The request id the server logged this answer under. */
    readonly requestId: string | undefined,
    /** The parsed error body, when there was one. */
    readonly body: unknown,
  ) {
    super(message);
  }

  /** Builds the error from a failed response and the body openapi-fetch parsed from it. */
  static fromResponse(response: Response, body: unknown): QuireApiError {
    return new QuireApiError(
      response.status,
      messageOf(body) ?? fallbackMessage(response, body),
      response.headers.get('x-request-id') ?? undefined,
      body,
    );
  }
}

// An answer without the error body (a proxy in front of the server, say): say what came back.
function fallbackMessage(response: Response, body: unknown): string {
  const text = typeof body === 'string' ? body.trim().slice(0, 200) : '';
  const status = `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
  return text === '' ? status : `${status}: ${text}`;
}

function messageOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('error' in body)) return undefined;
  const { error } = body;
  if (typeof error !== 'object' || error === null || !('message' in error)) return undefined;
  return typeof error.message === 'string' ? error.message : undefined;
}
