/**
 * The task a piscina worker thread runs for `createSpecValidator`: validating a spec's files
 * (references resolved, the structure checked), which can take seconds of CPU on a large or
 * hostile spec. It takes and gives JSON text; the files are parsed again here, since text
 * crosses threads as one copy.
 */
import { parse } from 'yaml';
import type { SpecFiles } from '../domain/openapi/spec-files.js';
import { SpecProcessingError } from '../domain/openapi/spec-processing-error.js';
import { validateSpecFiles } from '../domain/openapi/validate-spec.js';
import { yieldToTheEventLoop } from './thread-priority.js';

yieldToTheEventLoop();

/** What the main thread sends: the entry's URL, and each file's path, URL and text. */
export interface SpecValidationInput {
  entryUrl: string;
  files: { path: string; url: string; text: string }[];
}

/** What comes back: nothing wrong, or the failure's code, first problems and count. */
export type SpecValidationOutput =
  | { valid: true }
  | {
      valid: false;
      code: SpecProcessingError['code'];
      problems: SpecProcessingError['problems'];
      count: number;
    };

/** @example await pool.run(JSON.stringify(input), { name: 'validateSpec' }); // '{"valid":true}' */
export async function validateSpec(inputJson: string): Promise<string> {
  const input = JSON.parse(inputJson) as SpecValidationInput;
  // Each text parsed on the main thread already, so it parses here too.
  const files: SpecFiles = {
    entryUrl: input.entryUrl,
    files: new Map(
      input.files.map((file) => [
        file.path,
        { url: file.url, text: file.text, parsed: parse(file.text) as Record<string, unknown> },
      ]),
    ),
  };
  let output: SpecValidationOutput = { valid: true };
  try {
    await validateSpecFiles(files);
  } catch (error) {
    if (!(error instanceof SpecProcessingError)) throw error;
    output = { valid: false, code: error.code, problems: error.problems, count: error.count };
  }
  return JSON.stringify(output);
}
