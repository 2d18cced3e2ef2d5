import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { Logger } from 'pino';
import { DomainError } from '../errors.js';
import { apiHeaders } from './api-headers.js';
import type { AppEnv } from './app-env.js';
import { statusOf } from './error-handler.js';

/** A reply whose answer is a stream of server-sent events, each a JSON value. */
export interface EventStreamReply {
  status: number;
  events: AsyncIterable<unknown>;
  headers?: Record<string, string>;
}

/**
 * Answers the events as `text/event-stream`, each event's data the JSON of one value, as
 * GitBook's client reads them: the stream ends with an event named `done`, or, when the events
 * fail after the answer began (its status is sent), with one named `error` whose data is the
 * error body a failed request would have had. A client that goes away stops the events.
 */
export function answerEventStream(
  c: Context<AppEnv>,
  reply: EventStreamReply,
  logger: Logger,
): Response {
  for (const [name, value] of Object.entries({ ...apiHeaders, ...reply.headers })) {
    c.header(name, value);
  }
  // Proxies that buffer answers (nginx) would hold every event back until the last.
  c.header('X-Accel-Buffering', 'no');
  return streamSSE(c, async (stream) => {
    const iterator = reply.events[Symbol.asyncIterator]();
    stream.onAbort(() => {
      void iterator.return?.();
    });
    try {
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
        if (stream.aborted) return;
        await stream.writeSSE({ data: JSON.stringify(next.value) });
      }
      // An event without data is never dispatched: `done` carries an empty object.
      await stream.writeSSE({ event: 'done', data: '{}' });
    } catch (error) {
      const known = error instanceof DomainError;
      if (!known) {
        logger.error({ err: error, requestId: c.get('requestId') }, 'a streamed answer failed');
      }
      const code = known ? statusOf[error.kind] : 500;
      const message = known ? error.message : 'The answer failed; the server logged why';
      await stream.writeSSE({ event: 'error', data: JSON.stringify({ error: { code, message } }) });
    }
  });
}
