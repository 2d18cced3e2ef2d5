import type { OpenApiDocument } from '@quire/contract';
import { isRecord } from '../is-record.js';

/** A JSON Schema as it appears in the bundled document. */
export type JsonSchema = Record<string, unknown>;

/** A parameter of an operation. */
export interface OperationParameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: JsonSchema;
  description: string | undefined;
  /** A path parameter that takes the rest of the path, slashes included (`x-rest-of-path`). */
  restOfPath: boolean;
}

/** One operation of the contract, as the router mounts it. */
export interface OperationRoute {
  operationId: string;
  summary: string | undefined;
  description: string | undefined;
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** The path as the spec writes it, after `/v1`: `/spaces/{spaceId}`. */
  specPath: string;
  /** The same path as Hono routes it: `/v1/spaces/:spaceId`. */
  routePath: string;
  /** Whether the operation answers without a token (`security: []`). */
  isPublic: boolean;
  /** A read that is not a GET (it takes its input as a body): `x-reads-only` in the spec. */
  readsOnly: boolean;
  parameters: OperationParameter[];
  requestBody: { required: boolean; schema: JsonSchema } | undefined;
  /** Status code → JSON schema of the body (`undefined` for bodiless and event-stream answers). */
  responses: Map<number, JsonSchema | undefined>;
  /** Status code → JSON schema of each event, for answers that are `text/event-stream`. */
  eventStreams: Map<number, JsonSchema>;
}

const methods = ['get', 'post', 'put', 'patch', 'delete'] as const;

/**
 * Lists the operations of the bundled document, resolving `$ref`'d parameters and responses.
 * @example operationRoutes(loadOpenApiDocument()).find((route) => route.operationId === 'getSpaceById');
 */
export function operationRoutes(document: OpenApiDocument): OperationRoute[] {
  const resolve = (value: unknown): Record<string, unknown> => resolveRef(document, value);
  const routes: OperationRoute[] = [];
  for (const [specPath, pathItemValue] of Object.entries(document.paths)) {
    const pathItem = resolve(pathItemValue);
    const shared = arrayOf(pathItem.parameters).map(resolve);
    for (const method of methods) {
      const operationValue = pathItem[method];
      if (operationValue === undefined) continue;
      const operation = resolve(operationValue);
      const parameters = [...shared, ...arrayOf(operation.parameters).map(resolve)].map(
        toParameter,
      );
      const body = operation.requestBody === undefined ? undefined : resolve(operation.requestBody);
      routes.push({
        operationId: String(operation.operationId),
        summary: textOf(operation.summary),
        description: textOf(operation.description),
        method,
        specPath,
        // Hono (strict: false) matches `/v1` and `/v1/` alike when the route has no trailing slash.
        routePath: `/v1${specPath.replace(/\{([^}]+)\}/g, (_match, name: string) =>
          parameters.some((parameter) => parameter.name === name && parameter.restOfPath)
            ? `:${name}{.+}`
            : `:${name}`,
        )}`.replace(/\/$/, ''),
        isPublic: Array.isArray(operation.security) && operation.security.length === 0,
        readsOnly: operation['x-reads-only'] === true,
        parameters,
        requestBody:
          body === undefined
            ? undefined
            : { required: body.required === true, schema: jsonSchemaOf(body) ?? {} },
        responses: new Map(
          Object.entries(resolve(operation.responses)).map(([status, response]) => [
            Number(status),
            jsonSchemaOf(resolve(response)),
          ]),
        ),
        eventStreams: new Map(
          Object.entries(resolve(operation.responses)).flatMap(([status, response]) => {
            const schema = jsonSchemaOf(resolve(response), 'text/event-stream');
            return schema === undefined ? [] : [[Number(status), schema] as const];
          }),
        ),
      });
    }
  }
  return routes;
}

function toParameter(parameter: Record<string, unknown>): OperationParameter {
  if (parameter.in !== 'path' && parameter.in !== 'query') {
    throw new Error(
      `Parameter ${String(parameter.name)} is in ${String(parameter.in)}; only path and query are supported`,
    );
  }
  return {
    name: String(parameter.name),
    in: parameter.in,
    required: parameter.required === true,
    schema: isRecord(parameter.schema) ? parameter.schema : {},
    description: textOf(parameter.description),
    restOfPath: parameter['x-rest-of-path'] === true,
  };
}

function jsonSchemaOf(
  withContent: Record<string, unknown>,
  mediaType = 'application/json',
): JsonSchema | undefined {
  if (!isRecord(withContent.content)) return undefined;
  const json = withContent.content[mediaType];
  return isRecord(json) && isRecord(json.schema) ? json.schema : undefined;
}

function resolveRef(document: OpenApiDocument, value: unknown): Record<string, unknown> {
  if (!isRecord(value)) throw new Error('Expected an object in the OpenAPI document');
  const ref = value.$ref;
  if (typeof ref !== 'string') return value;
  if (!ref.startsWith('#/')) throw new Error(`Only local $refs are supported, got ${ref}`);
  let target: unknown = document;
  for (const part of ref.slice(2).split('/')) {
    target = isRecord(target)
      ? target[part.replaceAll('~1', '/').replaceAll('~0', '~')]
      : undefined;
  }
  return resolveRef(document, target);
}

function textOf(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function arrayOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}
