import { type Logger, pino } from 'pino';

/** Lines are written once this much is waiting, or every {@link flushEveryMs} when quieter. */
const minWriteBytes = 4096;
const flushEveryMs = 200;

/**
 * The server's JSON logger; every line carries `name: "quire"`. Writes are asynchronous and
 * gathered: a busy server writes 4 KiB of lines at a time instead of making a write call per
 * request (which cost about a tenth of a space read), and a quiet one still shows each line within
 * 200 ms. pino writes out what is waiting when the process exits; call `logger.flush()` before
 * exiting on purpose.
 */
export function createLogger(level: string): Logger {
  return pino(
    { name: 'quire', level },
    pino.destination({
      dest: 1,
      sync: false,
      minLength: minWriteBytes,
      periodicFlush: flushEveryMs,
    }),
  );
}
