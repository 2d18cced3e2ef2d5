import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const main = join(import.meta.dirname, '../../src/main.ts');

/**
 * How to run the server from its sources as one process: Node itself, with tsx's loader. Through
 * the `tsx` command it would be a child of tsx's own process, and a signal sent to that one
 * (SIGKILL above all) would not reach the server.
 */
export function serverFromSources(): { command: string; args: string[] } {
  const loader = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm')).href;
  return {
    command: process.execPath,
    args: ['--import', loader, '--conditions=quire-source', main],
  };
}

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
  const { command, args } = serverFromSources();
  const child = spawn(command, args, {
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
