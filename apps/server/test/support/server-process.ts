import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';

const tsx = join(import.meta.dirname, '../../../../node_modules/.bin/tsx');
const main = join(import.meta.dirname, '../../src/main.ts');

/** A log line of the server, as JSON. */
export interface ServerLogLine {
  msg?: string;
  port?: number;
  [key: string]: unknown;
}

/** A real server process: what it printed so far, split into log lines and other text. */
export interface ServerProcess {
  child: ChildProcess;
  lines: ServerLogLine[];
  /** Everything on stdout that is not a JSON log line (the first-start message). */
  text(): string;
  /** Waits for the first log line with this message. */
  waitFor(msg: string): Promise<ServerLogLine>;
}

/**
 * Starts `main.ts` as its own process with `env` on top of this one's, as `pnpm start` would.
 * Kill it in `afterAll`.
 */
export function startServerProcess(env: Record<string, string>): ServerProcess {
  const child = spawn(tsx, ['--conditions=quire-source', main], {
    env: { ...process.env, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines: ServerLogLine[] = [];
  const other: string[] = [];
  let pending = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    pending += chunk.toString();
    const complete = pending.split('\n');
    pending = complete.pop() ?? '';
    for (const line of complete) {
      if (line.startsWith('{')) lines.push(JSON.parse(line));
      else other.push(line);
    }
  });
  const waitFor = async (msg: string) => {
    for (let attempt = 0; attempt < 600; attempt += 1) {
      const line = lines.find((candidate) => candidate.msg === msg);
      if (line !== undefined) return line;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`The server never logged "${msg}"`);
  };
  return { child, lines, text: () => other.join('\n'), waitFor };
}
