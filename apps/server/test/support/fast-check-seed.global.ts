import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    fastCheckSeed: number;
  }
}

/**
 * One fast-check seed for the whole run, printed, so a property that failed in CI fails again
 * with `FC_SEED=<seed>` (fast-check's own message adds the path of the failing case).
 */
export default function setup(project: TestProject): void {
  const given = process.env.FC_SEED;
  const seed = given === undefined ? Math.floor(Math.random() * 2 ** 31) : Number(given);
  if (!Number.isSafeInteger(seed)) throw new Error(`FC_SEED is not an integer: ${given}`);
  process.stdout.write(`fast-check seed ${seed} (replay with FC_SEED=${seed})\n`);
  project.provide('fastCheckSeed', seed);
}
