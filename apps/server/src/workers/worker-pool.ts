import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';

/** The task files of the pool: each thread loads a file the first time it runs one of its tasks. */
export type WorkerFile =
  | 'document-conversion-worker'
  | 'pdf-worker'
  | 'integration-script-worker'
  | 'openapi-worker';

/** The worker threads CPU-heavy work runs on, shared by every kind of task. */
export interface WorkerPool {
  /**
   * Runs the task `name` of `file` on a thread, with `input` (cloned across). Aborting `signal`
   * rejects the task and, when it is already running, ends its thread (a task that cannot stop
   * itself, like a script stuck in one long native call, is stopped that way).
   */
  run(
    file: WorkerFile,
    name: string,
    input: unknown,
    options?: { signal?: AbortSignal },
  ): Promise<unknown>;
  /** Ends the threads; the tasks not done yet are rejected with `reason`. */
  stop(reason: Error): Promise<void>;
}

// Starting a thread costs a load of its task file, so an idle one waits a while for the next task
// before it exits; meanwhile it does not keep the process alive.
const defaultIdleTimeoutMs = 30_000;

/**
 * The server's one pool of worker threads, for every kind of task: no thread until the first
 * task, a fresh piscina pool after one failed to start, and none again once stopped (a task
 * asked afterwards is rejected with the reason it was stopped for).
 * @example const workers = createSharedWorkerPool(); await workers.run('pdf-worker', 'toPdf', task);
 */
export function createSharedWorkerPool({
  maxThreads = availableParallelism(),
  idleTimeout = defaultIdleTimeoutMs,
}: {
  maxThreads?: number;
  idleTimeout?: number;
} = {}): WorkerPool {
  let pool: WorkerPool | undefined;
  let stopped: Error | undefined;
  let stopping: Promise<void> | undefined;
  return {
    run(file, name, input, options) {
      if (stopped !== undefined) return Promise.reject(stopped);
      if (!pool) {
        const started = createWorkerPool(maxThreads, idleTimeout, () => {
          if (pool === started) pool = undefined;
        });
        pool = started;
      }
      return pool.run(file, name, input, options);
    },
    stop(reason) {
      stopped ??= reason;
      stopping ??= (async () => {
        const running = pool;
        pool = undefined;
        await running?.stop(reason);
      })();
      return stopping;
    },
  };
}

/**
 * A piscina pool, with no thread until its first task. A thread that fails while starting (its
 * script cannot load) makes piscina emit 'error' and leave the queued tasks waiting forever; this
 * pool fails them with that error instead, stops, and calls `onFailure` so the next task starts
 * a fresh one.
 * @example const pool = createWorkerPool(4, 30_000, () => {}); await pool.run('pdf-worker', 'toPdf', task);
 */
export function createWorkerPool(
  maxThreads: number,
  idleTimeout: number,
  onFailure: () => void,
): WorkerPool {
  const pool = new Piscina<unknown, unknown>({
    ...workerStart('document-conversion-worker'),
    minThreads: 0,
    maxThreads,
    idleTimeout,
  });
  const pendingRejects = new Set<(error: Error) => void>();
  pool.on('error', (error: unknown) => {
    onFailure();
    for (const reject of pendingRejects) reject(asError(error));
    void pool.destroy();
  });
  return {
    run: (file, name, input, { signal } = {}) =>
      new Promise<unknown>((resolve, reject) => {
        pendingRejects.add(reject);
        pool
          .run(input, { filename: workerStart(file).filename, name, signal: signal ?? null })
          .then(resolve, (error: unknown) => reject(asError(error)))
          .finally(() => pendingRejects.delete(reject));
      }),
    stop(reason) {
      for (const reject of pendingRejects) reject(reason);
      return pool.destroy();
    },
  };
}

const defaultTasks: Record<WorkerFile, string> = {
  'document-conversion-worker': 'fromMarkdown',
  'pdf-worker': 'toPdf',
  'integration-script-worker': 'runIntegrationScript',
  'openapi-worker': 'validateSpec',
};

/**
 * A worker's file, and how to start a thread that can load it. Built, this module is `.js` in
 * `dist/` with the compiled workers next to it. Run from sources (vitest, `tsx --conditions=quire-source`)
 * it is `.ts`, and so are the workers, which a thread can load only through tsx. Node 20 does not
 * apply ESM loader hooks (`--import tsx`) inside worker threads (nodejs/node#47747, fixed in
 * 22.2), so the thread gets tsx's CommonJS hook instead: piscina `require()`s the task file
 * first, and the hook compiles it. `--conditions=quire-source` resolves the workspace packages to their
 * sources too, as the tests and `tsx --conditions=quire-source` do on the main thread.
 */
function workerStart(file: WorkerFile): { filename: string; name: string; execArgv?: string[] } {
  const fromSources = import.meta.url.endsWith('.ts');
  const filename = new URL(`./${file}.${fromSources ? 'ts' : 'js'}`, import.meta.url).href;
  // Piscina loads the file with the default task name when a thread starts; `require()` finds
  // no default export there and piscina falls back to `import()`, which fails under Node 20 for
  // `.ts`, so the default is a task the file has.
  const name = defaultTasks[file];
  if (!fromSources) return { filename, name };
  const tsxRequireHook = createRequire(import.meta.url).resolve('tsx/cjs');
  return { filename, name, execArgv: ['--require', tsxRequireHook, '--conditions=quire-source'] };
}

// Errors cross threads by structured clone, which keeps an Error's name and message; anything
// else thrown is wrapped so callers always get an Error.
function asError(thrown: unknown): Error {
  return thrown instanceof Error ? thrown : new Error(String(thrown));
}
