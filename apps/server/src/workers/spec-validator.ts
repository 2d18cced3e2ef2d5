import { SpecProcessingError } from '../domain/openapi/spec-processing-error.js';
import type { SpecValidator } from '../domain/openapi/validate-spec.js';
import type { SpecValidationInput, SpecValidationOutput } from './openapi-worker.js';
import type { WorkerPool } from './worker-pool.js';

/**
 * Validates specs on the worker pool, so that resolving a spec's references never holds the
 * event loop; a spec that fails validation throws its `SpecProcessingError` here, as it would
 * have on the main thread.
 * @example const validate = createSpecValidator(workers); await validate(files);
 */
export function createSpecValidator(workers: WorkerPool): SpecValidator {
  return async (files) => {
    const input: SpecValidationInput = {
      entryUrl: files.entryUrl,
      files: [...files.files].map(([path, file]) => ({ path, url: file.url, text: file.text })),
    };
    const answer = await workers.run('openapi-worker', 'validateSpec', JSON.stringify(input));
    if (typeof answer !== 'string') throw new Error('The validateSpec task answered no text');
    const output = JSON.parse(answer) as SpecValidationOutput;
    if (!output.valid) throw new SpecProcessingError(output.code, output.problems, output.count);
  };
}
