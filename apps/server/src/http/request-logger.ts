import type { Logger } from 'pino';

/** What the log line of an answered request says. */
export interface AnsweredRequest {
  requestId: string;
  method: string;
  path: string;
  status: number;
}

/** Logs one JSON line for an answered request, under its request id. */
export function logAnsweredRequest(
  logger: Logger,
  answered: AnsweredRequest,
  startedAt: number,
): void {
  // Written out field by field: spreading `answered` into the line costs more than pino's own
  // work on it.
  logger.info(
    {
      requestId: answered.requestId,
      method: answered.method,
      path: answered.path,
      status: answered.status,
      durationMs: Math.round((performance.now() - startedAt) * 10) / 10,
    },
    'request',
  );
}
