import { createRequire } from 'node:module';
import { Piscina } from 'piscina';

/** The task files of the pool: each thread loads a file the first time it runs one of its tasks. */
export type WorkerFile = 'document-conversion-worker' | 'pdf-worker';

/** The worker threads CPU-heavy work runs on, shared by every kind of task. */
export interface WorkerPool {
  /** Runs the task `name` of `file` on a thread, with `input` (cloned across). */
  run(file: WorkerFile, name: string, input: unknown): Promise<unknown>;
  /** Ends the threads; the tasks not done yet are rejected with `reason`. */
  stop(reason: Error): Promise<void>;
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
    run: (file, name, input) =>
      new Promise<unknown>((resolve, reject) => {
        pendingRejects.add(reject);
        pool
          .run(input, { filename: workerStart(file).filename, name })
          .then(resolve, (error: unknown) => reject(asError(error)))
          .finally(() => pendingRejects.delete(reject));
      }),
    stop(reason) {
      for (const reject of pendingRejects) reject(reason);
      return pool.destroy();
    },
  };
}

/**
 * A worker's file, and how to start a thread that can load it. Built, this module is `.js` in
 * `dist/` with the compiled workers next to it. Run from sources (vitest, `tsx --conditions=source`)
 * it is `.ts`, and so are the workers, which a thread can load only through tsx. Node 20 does not
 * apply ESM loader hooks (`--import tsx`) inside worker threads (nodejs/node#47747, fixed in
 * 22.2), so the thread gets tsx's CommonJS hook instead: piscina `require()`s the task file
 * first, and the hook compiles it. `--conditions=source` resolves the workspace packages to their
 * sources too, as the tests and `tsx --conditions=source` do on the main thread.
 */
function workerStart(file: WorkerFile): { filename: string; name: string; execArgv?: string[] } {
  const fromSources = import.meta.url.endsWith('.ts');
  const filename = new URL(`./${file}.${fromSources ? 'ts' : 'js'}`, import.meta.url).href;
  // Piscina loads the file with the default task name when a thread starts; `require()` finds
  // no default export there and piscina falls back to `import()`, which fails under Node 20 for
  // `.ts`, so the default is a task the file has.
  const name = file === 'pdf-worker' ? 'toPdf' : 'fromMarkdown';
  if (!fromSources) return { filename, name };
  const tsxRequireHook = createRequire(import.meta.url).resolve('tsx/cjs');
  return { filename, name, execArgv: ['--require', tsxRequireHook, '--conditions=source'] };
}

// Errors cross threads by structured clone, which keeps an Error's name and message; anything
// else thrown is wrapped so callers always get an Error.
function asError(thrown: unknown): Error {
  return thrown instanceof Error ? thrown : new Error(String(thrown));
}
