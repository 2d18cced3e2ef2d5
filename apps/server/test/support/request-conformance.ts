import type { ValidateFunction } from 'ajv/dist/2020.js';
import type { OperationRoute } from '../../src/http/operations.js';
import type { SchemaValidator } from '../../src/http/schema-validator.js';
import type { BodyDraw } from './body-arbitrary.js';

/** The validators of what one operation takes, each parameter on its own. */
export interface OperationInputChecks {
  /** Whether a parameter value, as a string from the URL, matches its schema after coercion. */
  acceptsParameter(name: string, value: string): boolean;
  /** Whether a parsed body matches the request body schema. */
  acceptsBody(value: unknown): boolean;
}

/**
 * Compiles the checks of an operation's input from the contract: parameters with type coercion
 * (they arrive as strings), the body without, as the contract reads them.
 */
export function compileInputChecks(
  route: OperationRoute,
  coercing: SchemaValidator,
  strict: SchemaValidator,
): OperationInputChecks {
  const parameterChecks = new Map<string, ValidateFunction>(
    route.parameters.map((parameter) => [
      parameter.name,
      coercing.compile({
        type: 'object',
        properties: { [parameter.name]: parameter.schema },
        required: [parameter.name],
      }),
    ]),
  );
  const bodyCheck =
    route.requestBody === undefined ? undefined : strict.compile(route.requestBody.schema);
  return {
    acceptsParameter(name, value) {
      const check = parameterChecks.get(name);
      // A repeated query parameter arrives as an array; one occurrence is an array of one.
      const repeated = route.parameters.some(
        (parameter) => parameter.name === name && parameter.schema.type === 'array',
      );
      const holder: Record<string, unknown> = { [name]: repeated ? [value] : value };
      // Ajv coerces `Infinity` and `1e400` to a number and then skips `maximum` for it; JSON has
      // no infinite numbers, so the contract allows none.
      return check?.(holder) === true && !isInfinite(holder[name]);
    },
    // Ajv fills in defaults as it validates; the value drawn must stay as it was drawn.
    acceptsBody: (value) => bodyCheck?.(structuredClone(value)) === true,
  };
}

/** A request's input as sent; `undefined` marks a value that has no one right decoding. */
export interface SentInput {
  parameters: Map<string, string | undefined>;
  body: BodyDraw | undefined;
}

// `application/json` with or without parameters: what the contract's `content` names.
const jsonMediaType = /^application\/json\s*(;|$)/i;

/**
 * Whether a request breaks the contract for sure: a required parameter or body missing, a value
 * its schema refuses, a body that is not JSON, not sent as JSON, or over the size limit. Values
 * that have no one right decoding are left out of the judgement rather than guessed at.
 */
export function breaksContract(
  route: OperationRoute,
  checks: OperationInputChecks,
  input: SentInput,
  requestBodyLimit: number,
): boolean {
  for (const parameter of route.parameters) {
    if (!input.parameters.has(parameter.name)) {
      if (parameter.required) return true;
      continue;
    }
    const value = input.parameters.get(parameter.name);
    if (value !== undefined && !checks.acceptsParameter(parameter.name, value)) return true;
  }
  if (route.requestBody === undefined || input.body === undefined) return false;
  const { contentType, text } = input.body;
  if (text === undefined || text.trim() === '') return route.requestBody.required;
  if (Buffer.byteLength(text) > requestBodyLimit) return true;
  if (contentType === null || !jsonMediaType.test(contentType)) return true;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return true;
  }
  try {
    return !checks.acceptsBody(parsed);
  } catch {
    // Too deep for the validator to walk: whether it matches the schema is left open.
    return false;
  }
}

function isInfinite(value: unknown): boolean {
  return typeof value === 'number' && !Number.isFinite(value);
}
