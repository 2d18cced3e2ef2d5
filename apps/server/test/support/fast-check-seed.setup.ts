import fc from 'fast-check';
import { inject } from 'vitest';

// Every property of this file runs from the run's seed (see fast-check-seed.global.ts).
fc.configureGlobal({ ...fc.readConfigureGlobal(), seed: inject('fastCheckSeed') });
