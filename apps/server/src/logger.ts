import { pino, type Logger } from 'pino';

/** The server's JSON logger; every line carries `name: "quire"`. */
export function createLogger(level: string): Logger {
  return pino({ name: 'quire', level });
}
