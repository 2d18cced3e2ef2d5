import type { components } from '@quire/contract';

type ErrorCode = components['schemas']['OpenAPISpecProcessingErrorCode'];
type ErrorObject = components['schemas']['OpenAPIErrorObject'];

/** Why a processing of a spec's source failed: its code, and the problems found. */
export class SpecProcessingError extends Error {
  override readonly name = 'SpecProcessingError';

  constructor(
    readonly code: ErrorCode,
    readonly problems: readonly ErrorObject[],
    /** How many problems there were, `problems` being the first few. */
    readonly count: number = problems.length,
  ) {
    super(problems[0]?.message ?? code);
  }
}

/** A failure with a single problem. */
export function processingFailure(
  code: ErrorCode,
  message: string,
  rule?: string,
): SpecProcessingError {
  return new SpecProcessingError(code, [
    { message, ...(rule === undefined ? {} : { code: rule }) },
  ]);
}
