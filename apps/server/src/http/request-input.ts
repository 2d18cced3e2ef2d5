import type { ValidateFunction } from 'ajv/dist/2020.js';
import type { Context } from 'hono';
import { invalid } from '../errors.js';
import { RequestAborted, unsupportedMediaType } from './http-errors.js';
import type { OperationParameter, OperationRoute } from './operations.js';
import { checkRequestValues } from './request-values.js';
import { describeValidationError, type SchemaValidator } from './schema-validator.js';

/** The validators of one operation, compiled once at start-up. */
export interface InputValidators {
  /** The operation's query parameters, the only ones read. */
  queryParameters: OperationParameter[];
  /**
   * Whether a request without a query passes as it is: nothing required, no defaults to fill
   * in. Such a request's query is not checked at all.
   */
  emptyQueryPasses: boolean;
  params: ValidateFunction;
  query: ValidateFunction;
  body: ValidateFunction | undefined;
}

/** What a request carries once it has passed validation. */
export interface ValidatedInput {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
}

/**
 * Compiles an operation's validators: path and query with type coercion (they arrive as
 * strings), the body without. Unknown query parameters are ignored; unknown body fields are not.
 */
export function compileInputValidators(
  route: OperationRoute,
  coercing: SchemaValidator,
  strict: SchemaValidator,
): InputValidators {
  const objectOf = (location: 'path' | 'query') => {
    const parameters = route.parameters.filter((parameter) => parameter.in === location);
    return coercing.compile({
      type: 'object',
      properties: Object.fromEntries(
        parameters.map((parameter) => [parameter.name, parameter.schema]),
      ),
      required: parameters
        .filter((parameter) => parameter.required)
        .map((parameter) => parameter.name),
    });
  };
  const query = objectOf('query');
  const emptyQuery = {};
  return {
    queryParameters: route.parameters.filter((parameter) => parameter.in === 'query'),
    emptyQueryPasses: query(emptyQuery) && Object.keys(emptyQuery).length === 0,
    params: objectOf('path'),
    query,
    body: route.requestBody === undefined ? undefined : strict.compile(route.requestBody.schema),
  };
}

/**
 * Reads and validates a request's path and query; bad input is a 400 naming the field. Synchronous,
 * so an operation without a body reads its input without waiting a turn.
 */
export function readPathAndQuery(
  c: Context,
  validators: InputValidators,
): Omit<ValidatedInput, 'body'> {
  const params: Record<string, unknown> = { ...c.req.param() };
  if (!validators.params(params))
    throw invalid(describeValidationError('path', validators.params.errors));
  // After validation: coercion can make a number the range checks let through (`Infinity`).
  // Path and query values are flat, so validating them first risks no deep recursion.
  checkRequestValues(params, 'path');

  const query: Record<string, unknown> = {};
  // Hono parses the whole query string on each call: it is asked once, and only if it is there.
  if (validators.queryParameters.length > 0 && c.req.url.includes('?')) {
    const values = c.req.query();
    const lists = validators.queryParameters.some((parameter) => parameter.schema.type === 'array')
      ? c.req.queries()
      : {};
    for (const parameter of validators.queryParameters) {
      const value =
        parameter.schema.type === 'array' ? lists[parameter.name] : values[parameter.name];
      if (value !== undefined) query[parameter.name] = value;
    }
  }
  if (Object.keys(query).length > 0 || !validators.emptyQueryPasses) {
    if (!validators.query(query))
      throw invalid(describeValidationError('query', validators.query.errors));
    checkRequestValues(query, 'query');
  }
  return { params, query };
}

/** Reads and validates the body of an operation that takes one; `undefined` when it is empty. */
export async function readValidatedBody(
  c: Context,
  route: OperationRoute,
  validators: InputValidators,
): Promise<unknown> {
  const body = await readBody(c, route);
  // Before validation: a body nested deeper than the check allows would overflow Ajv's recursion.
  checkRequestValues(body, 'body');
  if (body !== undefined && validators.body !== undefined && !validators.body(body)) {
    throw invalid(describeValidationError('body', validators.body.errors));
  }
  return body;
}

async function readBody(c: Context, route: OperationRoute): Promise<unknown> {
  if (route.requestBody === undefined) return undefined;
  // Reading fails only when the client hangs up before the body has arrived.
  const text = await c.req.text().catch(() => {
    throw new RequestAborted();
  });
  if (text.trim() === '') {
    if (route.requestBody.required) throw invalid('body is required: send a JSON object');
    return undefined;
  }
  const contentType = c.req.header('content-type') ?? '';
  if (!jsonMediaType.test(contentType)) throw unsupportedMediaType(contentType);
  try {
    return JSON.parse(text);
  } catch (error) {
    throw invalid(
      `body is not valid JSON: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

// `application/json` and the `+json` types built on it, with or without parameters.
const jsonMediaType = /^application\/([\w.-]+\+)?json\s*(;|$)/i;
