import { type Logger, pino } from 'pino';

/**
 * The server's JSON logger; every line carries `name: "quire"`. Lines are buffered and written
 * in batches rather than one write per request; call `logger.flush()` before the process exits.
 */
export function createLogger(level: string): Logger {
  return pino(
    { name: 'quire', level },
    pino.destination({ dest: 1, sync: false, minLength: 4096 }),
  );
}
