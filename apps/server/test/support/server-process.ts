import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const serverRoot = join(import.meta.dirname, '../..');

/**
 * The built entry point `dist/{name}.js`, as `pnpm start` and `pnpm cli` run it: tests that need
 * the server or the CLI as a process of its own run Node on it, with no loader to compile the
 * sources at each start. Throws when it is missing or older than a source, so a test never runs
 * yesterday's server: `pnpm test` builds it first.
 */
export function builtEntry(name: 'main' | 'cli'): string {
  const entry = join(serverRoot, 'dist', `${name}.js`);
  const built = statSync(entry, { throwIfNoEntry: false })?.mtimeMs;
  sourcesChanged ??= newestSourceChange(join(serverRoot, 'src'));
  if (built === undefined || built < sourcesChanged) {
    throw new Error(`${entry} is missing or older than src/: run \`pnpm build\` first`);
  }
  return entry;
}

// When a source last changed, read once: sources do not change while the tests run.
let sourcesChanged: number | undefined;

function newestSourceChange(directory: string): number {
  let newest = 0;
  for (const entry of readdirSync(directory, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
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
 * Starts the built server as its own process with `env` on top of this one's, as `pnpm start` would.
 * Kill it in `afterAll`.
 */
export function startServerProcess(env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, [builtEntry('main')], {
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
