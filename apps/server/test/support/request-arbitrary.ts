import type { OpenApiDocument } from '@quire/contract';
import fc from 'fast-check';
import type { OperationParameter, OperationRoute } from '../../src/http/operations.js';
import { type BodyDraw, type BodySources, invalidBodies, validBodies } from './body-arbitrary.js';
import { type FuzzRequest, withShortPrint } from './fuzz-request.js';
import { percentEncode } from './percent-encoding.js';
import { breaksContract, type OperationInputChecks } from './request-conformance.js';
import {
  invalidUrlValues,
  type UrlValue,
  type UrlValueSources,
  validUrlValues,
} from './url-values.js';

/** Someone sending requests, and the Authorization header they send (`undefined`: none). */
export interface Caller {
  name: string;
  authorization: string | undefined;
  /** Whether the header names a user: a valid, unrevoked token in `Bearer <token>` form. */
  authenticates: boolean;
}

/** Where a value goes in a request. */
export type ValueLocation = 'path' | 'query' | 'body';

/** Everything the request generator of one operation draws from. */
export interface RequestSources {
  document: OpenApiDocument;
  checks: OperationInputChecks;
  callers: fc.Arbitrary<Caller>;
  /** Values that exist on the server for a parameter or body field of this name. */
  realValuesOf(name: string, location: ValueLocation): readonly string[];
  requestBodyLimit: number;
}

/** A parameter left out of the URL. */
const absent = Symbol('absent');
type ParameterDraw = UrlValue | typeof absent;

/**
 * Requests for one operation, drawn from its schemas: about two in five have every part valid
 * (path, query, body), the others break a part or two, each part in its own way (see
 * `invalidUrlValues` and `invalidBodies`). Every request is sent by a caller drawn from
 * `sources.callers`, and says whether it breaks the contract.
 * @example fc.assert(fc.asyncProperty(requestArbitrary(route, sources), check));
 */
export function requestArbitrary(
  route: OperationRoute,
  sources: RequestSources,
): fc.Arbitrary<FuzzRequest> {
  const parameterArbitraries = (breakSome: boolean) =>
    route.parameters.map((parameter) => parameterDraws(parameter, sources, breakSome));
  const bodySources: BodySources | undefined =
    route.requestBody === undefined
      ? undefined
      : {
          document: sources.document,
          schema: route.requestBody.schema,
          required: route.requestBody.required,
          accepts: sources.checks.acceptsBody,
          realValuesOf: (name) => sources.realValuesOf(name, 'body'),
          requestBodyLimit: sources.requestBodyLimit,
        };
  const bodies = (breakSome: boolean): fc.Arbitrary<BodyDraw | undefined> => {
    if (bodySources === undefined) return strayBodies(route);
    if (!breakSome) return validBodies(bodySources);
    return fc.oneof(
      { weight: 1, arbitrary: validBodies(bodySources) },
      { weight: 2, arbitrary: invalidBodies(bodySources) },
    );
  };
  const drawn = (breakSome: boolean) =>
    fc.record({
      caller: sources.callers,
      parameters: fc.tuple(...parameterArbitraries(breakSome)),
      extraQuery: fc.option(undeclaredQueryParameter(route), { freq: 4, nil: undefined }),
      body: bodies(breakSome),
    });
  return fc
    .oneof({ weight: 2, arbitrary: drawn(false) }, { weight: 3, arbitrary: drawn(true) })
    .map((parts) => withShortPrint(assemble(route, sources, parts)));
}

/**
 * Bodies for an operation that takes none: the server must not read them, so their type and
 * content must not matter. `GET` requests cannot carry one.
 */
function strayBodies(route: OperationRoute): fc.Arbitrary<BodyDraw | undefined> {
  if (route.method === 'get') return fc.constant(undefined);
  const stray = fc
    .tuple(
      fc.constantFrom(null, 'text/plain', 'application/json'),
      fc.constantFrom('{}', 'x', '{"a":'),
    )
    .map(([contentType, text]) => ({
      contentType,
      text,
      notes: ['a body the operation does not take'],
    }));
  return fc.option(stray, { freq: 3, nil: undefined });
}

/**
 * A query parameter the operation does not declare, which the server ignores: names that mean
 * something to JavaScript objects or to other frameworks, and random ones.
 */
function undeclaredQueryParameter(route: OperationRoute): fc.Arbitrary<string> {
  const declared = new Set(route.parameters.map((parameter) => parameter.name));
  const name = fc
    .oneof(
      fc.constantFrom('__proto__', 'constructor', 'toString', 'limit[]', 'page[0]', 'sort', 'q'),
      fc.string({ minLength: 1, maxLength: 10 }),
    )
    .filter((candidate) => !declared.has(candidate));
  return fc
    .tuple(name, fc.string({ maxLength: 20 }))
    .map(([key, value]) => `${percentEncode(key)}=${percentEncode(value)}`);
}

function parameterDraws(
  declared: OperationParameter,
  sources: RequestSources,
  breakSome: boolean,
): fc.Arbitrary<ParameterDraw> {
  // A repeated query parameter (an array) is drawn as one occurrence: one item of the array.
  const { items } = declared.schema;
  const parameter =
    declared.schema.type === 'array' && typeof items === 'object' && items !== null
      ? { ...declared, schema: { ...items } }
      : declared;
  const urlSources: UrlValueSources = {
    document: sources.document,
    realValues: sources.realValuesOf(parameter.name, parameter.in),
    accepts: (value) => sources.checks.acceptsParameter(parameter.name, value),
  };
  const valid = validUrlValues(oneValueOf(parameter), urlSources);
  const invalid = invalidUrlValues(oneValueOf(parameter), urlSources);
  const options: fc.WeightedArbitrary<ParameterDraw>[] = [{ weight: 4, arbitrary: valid }];
  if (!parameter.required) options.push({ weight: 4, arbitrary: fc.constant(absent) });
  if (breakSome) options.push({ weight: 2, arbitrary: invalid });
  return fc.oneof(...options);
}

/**
 * The parameter one URL value is drawn for: an array parameter arrives as repeated keys, and
 * one key is an array of one item, so its values are drawn from the items' schema.
 */
function oneValueOf(parameter: OperationParameter): OperationParameter {
  const { items } = parameter.schema;
  if (parameter.schema.type !== 'array' || typeof items !== 'object' || items === null) {
    return parameter;
  }
  return { ...parameter, schema: { ...items } };
}

interface DrawnParts {
  caller: Caller;
  parameters: ParameterDraw[];
  extraQuery: string | undefined;
  body: BodyDraw | undefined;
}

function assemble(
  route: OperationRoute,
  sources: RequestSources,
  { caller, parameters: parameterValues, extraQuery, body }: DrawnParts,
): FuzzRequest {
  const notes: string[] = [];
  const sentParameters = new Map<string, string | undefined>();
  let path = route.specPath;
  const query: string[] = [];
  route.parameters.forEach((parameter, index) => {
    const value = parameterValues[index];
    if (value === undefined || value === absent) return;
    if (value.note !== undefined) notes.push(value.note);
    sentParameters.set(parameter.name, value.decoded);
    if (parameter.in === 'path') path = path.replace(`{${parameter.name}}`, value.encoded);
    else query.push(`${encodeURIComponent(parameter.name)}=${value.encoded}`);
  });
  if (extraQuery !== undefined) {
    query.push(extraQuery);
    notes.push(`query: ${extraQuery}, not in the contract`);
  }
  const headers: Record<string, string> = {};
  if (caller.authorization !== undefined) headers.Authorization = caller.authorization;
  if (body !== undefined) {
    notes.push(...body.notes);
    if (body.contentType !== null) headers['Content-Type'] = body.contentType;
  }
  const broken = breaksContract(
    route,
    sources.checks,
    { parameters: sentParameters, body },
    sources.requestBodyLimit,
  );
  return {
    operationId: route.operationId,
    caller: caller.name,
    authenticated: caller.authenticates,
    notes: notes.length === 0 ? ['valid'] : notes,
    breaksContract: broken,
    method: route.method.toUpperCase(),
    target: `/v1${path}${query.length === 0 ? '' : `?${query.join('&')}`}`,
    headers,
    body: body?.text,
  };
}
