/**
 * Headers a request's answer must carry, whoever makes it, set by what stands in front of the app
 * (the rate limits) before the answer exists. A kept answer takes them into the headers it is
 * built with, which keeps it on the Node server's fast path; the one in front sets whatever was
 * not taken on the answer it gets back.
 */
const pending = new WeakMap<Request, Record<string, string>>();

/** Asks that `request`'s answer carry `headers`. */
export function addAnswerHeaders(request: Request, headers: Record<string, string>): void {
  pending.set(request, { ...pending.get(request), ...headers });
}

/** The headers `request`'s answer must carry that nobody has taken yet; taking them. */
export function takeAnswerHeaders(request: Request): Record<string, string> | undefined {
  const headers = pending.get(request);
  pending.delete(request);
  return headers;
}
