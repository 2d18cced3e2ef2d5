import { dereference, isSpecObject, type OpenAPISpec, type SpecObject } from './spec.js';

/** A schema to show, with the file its refs are relative to. */
export interface ShownSchema {
  schema: SpecObject;
  /** The schema as the spec writes it: a `$ref` names its type. */
  written: unknown;
  file: string | undefined;
}

export interface ShownParameter {
  name: string;
  in: string;
  required: boolean;
  description: string | undefined;
  schema: ShownSchema | undefined;
}

export interface ShownResponse {
  status: string;
  description: string | undefined;
  schema: ShownSchema | undefined;
}

/** One operation of a spec, in the same shape whether the spec is OpenAPI 3 or Swagger 2. */
export interface ShownOperation {
  method: string;
  path: string;
  summary: string | undefined;
  description: string | undefined;
  deprecated: boolean;
  server: string | undefined;
  parameters: ShownParameter[];
  requestBody:
    | { mediaType: string; required: boolean; schema: ShownSchema | undefined }
    | undefined;
  responses: ShownResponse[];
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

/**
 * The operation at `path` and `method` of a spec, its parameters (the path's and its own),
 * request body and responses, refs followed; `undefined` when the spec has no such operation.
 */
export function findOperation(
  spec: OpenAPISpec,
  path: string,
  method: string,
): ShownOperation | undefined {
  const paths = spec.document.paths;
  if (!isSpecObject(paths)) return undefined;
  const item = dereference(spec, paths[path], undefined);
  if (item === undefined || !isSpecObject(item.value)) return undefined;
  const operation = item.value[method.toLowerCase()];
  if (!isSpecObject(operation)) return undefined;
  const swagger = typeof spec.document.swagger === 'string';

  const parameters = [item.value.parameters, operation.parameters]
    .flatMap((list) => (Array.isArray(list) ? list : []))
    .map((parameter) => dereference(spec, parameter, item.file))
    .filter((found) => found !== undefined && isSpecObject(found.value))
    .map((found) => ({ parameter: found?.value as SpecObject, file: found?.file }));
  // An operation's parameter replaces the path's of the same name and place.
  const byKey = new Map(parameters.map((p) => [`${p.parameter.in}:${p.parameter.name}`, p]));

  const shown: ShownParameter[] = [];
  let requestBody: ShownOperation['requestBody'];
  for (const { parameter, file } of byKey.values()) {
    if (swagger && parameter.in === 'body') {
      requestBody = {
        mediaType:
          firstOf(operation.consumes) ?? firstOf(spec.document.consumes) ?? 'application/json',
        required: parameter.required === true,
        schema: schemaAt(spec, parameter.schema, file),
      };
      continue;
    }
    shown.push({
      name: String(parameter.name),
      in: String(parameter.in),
      required: parameter.required === true,
      description: text(parameter.description),
      // Swagger 2 writes a parameter's type on the parameter itself.
      schema: schemaAt(spec, swagger ? parameter : parameter.schema, file),
    });
  }
  if (!swagger) requestBody = openApiRequestBody(spec, operation.requestBody, item.file);

  return {
    method: method.toUpperCase(),
    path,
    summary: text(operation.summary),
    description: text(operation.description),
    deprecated: operation.deprecated === true,
    server: serverOf(spec.document),
    parameters: shown,
    requestBody,
    responses: responsesOf(spec, operation.responses, item.file, swagger),
  };
}

/** A named schema of the spec (`components.schemas`, or Swagger 2's `definitions`). */
export function findSchema(spec: OpenAPISpec, name: string): ShownSchema | undefined {
  const components = spec.document.components;
  const schemas = isSpecObject(components) ? components.schemas : spec.document.definitions;
  return isSpecObject(schemas) ? schemaAt(spec, schemas[name], undefined) : undefined;
}

/** A schema with its refs followed, `undefined` if there is none. */
export function schemaAt(
  spec: OpenAPISpec,
  value: unknown,
  file: string | undefined,
): ShownSchema | undefined {
  const found = dereference(spec, value, file);
  return found !== undefined && isSpecObject(found.value)
    ? { schema: found.value, written: value, file: found.file }
    : undefined;
}

function openApiRequestBody(spec: OpenAPISpec, value: unknown, file: string | undefined) {
  const found = dereference(spec, value, file);
  if (found === undefined || !isSpecObject(found.value)) return undefined;
  const [mediaType, media] = firstContent(found.value.content) ?? [];
  if (mediaType === undefined) return undefined;
  return {
    mediaType,
    required: found.value.required === true,
    schema: schemaAt(spec, isSpecObject(media) ? media.schema : undefined, found.file),
  };
}

function responsesOf(
  spec: OpenAPISpec,
  value: unknown,
  file: string | undefined,
  swagger: boolean,
): ShownResponse[] {
  if (!isSpecObject(value)) return [];
  return Object.entries(value).flatMap(([status, response]) => {
    const found = dereference(spec, response, file);
    if (found === undefined || !isSpecObject(found.value)) return [];
    const media = swagger ? found.value : firstContent(found.value.content)?.[1];
    return [
      {
        status,
        description: text(found.value.description),
        schema: schemaAt(spec, isSpecObject(media) ? media.schema : undefined, found.file),
      },
    ];
  });
}

function firstContent(content: unknown): [string, unknown] | undefined {
  if (!isSpecObject(content)) return undefined;
  const entries = Object.entries(content);
  return entries.find(([type]) => type.includes('json')) ?? entries[0];
}

function firstOf(list: unknown): string | undefined {
  return Array.isArray(list) && typeof list[0] === 'string' ? list[0] : undefined;
}

function serverOf(document: SpecObject): string | undefined {
  if (Array.isArray(document.servers) && isSpecObject(document.servers[0])) {
    return text(document.servers[0].url);
  }
  if (typeof document.host === 'string') {
    const scheme = firstOf(document.schemes) ?? 'https';
    return `${scheme}://${document.host}${typeof document.basePath === 'string' ? document.basePath : ''}`;
  }
  return undefined;
}
