import { type Logger, pino } from 'pino';

/**
 * The server's JSON logger; every line carries `name: "quire"`. Writes are asynchronous: lines
 * logged while a write is in flight go out together in the next one, so a busy server does not
 * pay one blocking write per request, and an idle one still shows each line at once. Call
 * `logger.flush()` before the process exits.
 */
export function createLogger(level: string): Logger {
  return pino({ name: 'quire', level }, pino.destination({ dest: 1, sync: false }));
}
