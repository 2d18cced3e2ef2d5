import type { OpenApiDocument } from '@quire/contract';
import type { ValidateFunction } from 'ajv/dist/2020.js';
import { type OperationRoute, operationRoutes } from '../../src/http/operations.js';
import { describeValidationError, SchemaValidator } from '../../src/http/schema-validator.js';
import { parseEventStream } from './event-stream.js';

/** A fetch that answered something the contract does not allow. */
export class ContractViolation extends Error {
  override readonly name = 'ContractViolation';
}

interface RouteMatcher {
  route: OperationRoute;
  pattern: RegExp;
}

// The response schemas compiled for a document, shared by every test server of the worker:
// compiling them again for each server took a good part of its start.
const responseCheckers = new WeakMap<
  OpenApiDocument,
  { validator: SchemaValidator; compiled: Map<string, ValidateFunction> }
>();

function responseCheckerOf(document: OpenApiDocument) {
  let checker = responseCheckers.get(document);
  if (checker === undefined) {
    checker = { validator: new SchemaValidator(document), compiled: new Map() };
    responseCheckers.set(document, checker);
  }
  return checker;
}

/**
 * Wraps an in-process app's fetch so that every response is checked against the contract: the
 * status must be one the operation declares and the body must match its schema. Answers under
 * `/v1` outside every operation (unknown routes, 405) must have the error body. A mismatch throws, so the test
 * that made the call fails.
 */
export function contractCheckedFetch(
  appFetch: (request: Request) => Response | Promise<Response>,
  document: OpenApiDocument,
): (request: Request) => Promise<Response> {
  const { validator, compiled } = responseCheckerOf(document);
  const matchers: RouteMatcher[] = operationRoutes(document).map((route) => ({
    route,
    pattern: new RegExp(
      `^/v1${route.specPath
        .replace(/\{([^}]+)\}/g, (_match, name: string) =>
          route.parameters.some((parameter) => parameter.name === name && parameter.restOfPath)
            ? '.+'
            : '[^/]+',
        )
        .replace(/\/$/, '')}/?$`,
    ),
  }));
  const compile = (key: string, schema: Record<string, unknown>) => {
    let validate = compiled.get(key);
    if (validate === undefined) {
      validate = validator.compile(schema);
      compiled.set(key, validate);
    }
    return validate;
  };
  const errorSchema = { $ref: '#/components/schemas/Error' };

  return async function checkedFetch(request) {
    const response = await appFetch(request);
    const { pathname } = new URL(request.url);
    // Health checks, the spec and its reference live outside /v1 and outside the contract.
    if (pathname !== '/v1' && !pathname.startsWith('/v1/')) return response;
    // CORS preflights are answered before routing, for every path, and carry no body.
    if (request.method === 'OPTIONS' && request.headers.has('access-control-request-method')) {
      return response;
    }
    const method = request.method.toLowerCase();
    const matched = matchers.find((m) => m.route.method === method && m.pattern.test(pathname));
    const where = `${request.method} ${pathname} → ${response.status}`;
    const text = await response.clone().text();

    if (matched === undefined) {
      if (response.status < 400)
        throw new ContractViolation(`${where}: no operation in the contract`);
      checkBody(compile('error', errorSchema), text, where);
      return response;
    }
    const { route } = matched;
    if (!route.responses.has(response.status)) {
      throw new ContractViolation(
        `${where}: ${route.operationId} declares only ${[...route.responses.keys()].join(', ')}; body: ${text}`,
      );
    }
    const eventSchema = route.eventStreams.get(response.status);
    if (eventSchema !== undefined) {
      checkEvents(
        compile(`${route.operationId} ${response.status} event`, eventSchema),
        compile('error', errorSchema),
        response,
        text,
        where,
      );
      return response;
    }
    const schema = route.responses.get(response.status);
    if (schema === undefined) {
      if (text !== '') throw new ContractViolation(`${where}: expected no body, got ${text}`);
    } else {
      checkBody(compile(`${route.operationId} ${response.status}`, schema), text, where);
    }
    return response;
  };
}

/**
 * A server-sent events answer: its content type, and every event's data, by its name: an
 * unnamed event the operation's schema, `error` the error body, `done` an empty object; nothing
 * may follow `done` or `error`.
 */
function checkEvents(
  validateEvent: ValidateFunction,
  validateError: ValidateFunction,
  response: Response,
  text: string,
  where: string,
): void {
  if (!(response.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
    throw new ContractViolation(
      `${where}: an event stream answered as ${response.headers.get('content-type')}`,
    );
  }
  const events = parseEventStream(text);
  const last = events.at(-1);
  if (last === undefined || (last.event !== 'done' && last.event !== 'error')) {
    throw new ContractViolation(
      `${where}: the event stream does not end with done or error: ${text.slice(-200)}`,
    );
  }
  events.forEach((event, index) => {
    if (index < events.length - 1 && event.event !== undefined) {
      throw new ContractViolation(`${where}: an event named ${event.event} before the end`);
    }
    const validate =
      event.event === 'error' ? validateError : event.event === 'done' ? undefined : validateEvent;
    if (validate === undefined) {
      if (event.data !== '{}')
        throw new ContractViolation(`${where}: done with data ${event.data}`);
      return;
    }
    checkBody(validate, event.data, `${where} (event ${index + 1})`);
  });
}

function checkBody(validate: ValidateFunction, text: string, where: string): void {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ContractViolation(`${where}: body is not JSON: ${text.slice(0, 200)}`);
  }
  if (!validate(body)) {
    throw new ContractViolation(
      `${where}: ${describeValidationError('response', validate.errors)}; body: ${text}`,
    );
  }
}
