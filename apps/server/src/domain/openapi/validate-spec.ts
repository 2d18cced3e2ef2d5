import {
  BaseResolver,
  type Config,
  createConfig,
  detectSpec,
  lintDocument,
  makeDocumentFromString,
  Source,
} from '@redocly/openapi-core';
import { shorten } from '../../errors.js';
import type { SpecFiles } from './spec-files.js';
import { processingFailure, SpecProcessingError } from './spec-processing-error.js';
import { referenceDepthProblem } from './spec-reference-depth.js';

/** The versions of OpenAPI a spec may be written in. */
const supported = new Set(['oas2', 'oas3_0', 'oas3_1']);

/** Validates a spec's files, somewhere: the processing runs it on a worker thread. */
export type SpecValidator = (files: SpecFiles) => Promise<void>;

/** The most problems a failed validation keeps; the count says how many there were. */
export const maxKeptProblems = 20;

/**
 * Reads `$ref`s from the files already fetched, never from the network or the disk: every fetch
 * goes through the outbound guard, before validation.
 */
class FetchedFilesResolver extends BaseResolver {
  constructor(private readonly byUrl: ReadonlyMap<string, string>) {
    super();
  }

  override async loadExternalRef(absoluteRef: string): Promise<Source> {
    const text = this.byUrl.get(absoluteRef);
    if (text === undefined) {
      throw new Error(`${shorten(absoluteRef, 200)} is not one of the spec's files`);
    }
    return new Source(absoluteRef, text);
  }
}

let config: Promise<Config> | undefined;

/** Structural validity and resolvable references, nothing of style. */
function validationConfig(): Promise<Config> {
  config ??= createConfig({ rules: { struct: 'error', 'no-unresolved-refs': 'error' } });
  return config;
}

/**
 * Checks that the files are a valid OpenAPI 3.0 or 3.1, or Swagger 2.0, document, references
 * included; throws a `PARSE_ERROR` listing the problems (at most {@link maxKeptProblems}) if not.
 */
export async function validateSpecFiles(files: SpecFiles): Promise<void> {
  const byUrl = new Map([...files.files.values()].map((file) => [file.url, file.text]));
  const entryText = byUrl.get(files.entryUrl) ?? '';
  const document = makeDocumentFromString(entryText, files.entryUrl);
  let version: string;
  try {
    version = detectSpec(document.parsed);
  } catch (error) {
    throw notOpenApi(error instanceof Error ? error.message : String(error));
  }
  if (!supported.has(version)) throw notOpenApi(`Unsupported specification: ${version}`);
  // Before anything expands them: a chain of references a thousand deep stalls whatever does.
  for (const file of files.files.values()) {
    const problem = referenceDepthProblem(file.parsed);
    if (problem !== undefined) throw processingFailure('PARSE_ERROR', problem);
  }
  const problems = await lintDocument({
    document,
    config: (await validationConfig()).styleguide,
    externalRefResolver: new FetchedFilesResolver(byUrl),
  });
  const errors = problems.filter((problem) => problem.severity === 'error');
  if (errors.length === 0) return;
  throw new SpecProcessingError(
    'PARSE_ERROR',
    errors.slice(0, maxKeptProblems).map((problem) => {
      const at = problem.location[0]?.pointer;
      return {
        message: shorten(at === undefined ? problem.message : `${problem.message} (at ${at})`, 500),
        code: problem.ruleId,
      };
    }),
    errors.length,
  );
}

function notOpenApi(reason: string): SpecProcessingError {
  return new SpecProcessingError(
    'PARSE_ERROR',
    [{ message: `Not an OpenAPI 3.0, 3.1 or Swagger 2.0 document: ${shorten(reason, 200)}` }],
    1,
  );
}
