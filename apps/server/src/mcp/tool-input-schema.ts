import type { OpenApiDocument } from '@quire/contract';
import type { JsonSchema, OperationRoute } from '../http/operations.js';
import { isRecord } from '../is-record.js';

const componentRef = '#/components/schemas/';

// Keywords whose value is a schema, a list of schemas, or a map of names to schemas: the walk
// follows them, and copies every other keyword's value as it is (enums, defaults, examples).
const schemaKeywords = new Set([
  'items',
  'not',
  'if',
  'then',
  'else',
  'additionalProperties',
  'propertyNames',
  'contains',
  'unevaluatedProperties',
  'unevaluatedItems',
]);
const schemaListKeywords = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems']);
const schemaMapKeywords = new Set(['properties', 'patternProperties', 'dependentSchemas']);
// OpenAPI's own keywords and the contract's `x-` extensions: a JSON Schema reader (an agent's
// client, Ajv in strict mode) knows none of them. `oneOf` branches carry their tags as `const`,
// so the discriminator adds nothing a validator needs.
const openApiOnly = (keyword: string) =>
  keyword === 'discriminator' ||
  keyword === 'example' ||
  keyword === 'xml' ||
  keyword === 'externalDocs' ||
  keyword.startsWith('x-');

/**
 * The tool input of an operation, as one self-contained JSON Schema: an object with a property
 * per path and query parameter (but those the tool fixes) and, when the operation takes one,
 * its request body as `body`. The component schemas it uses are copied under `$defs`.
 * @example toolInputSchema(document, route, new Set(['format']));
 */
export function toolInputSchema(
  document: OpenApiDocument,
  route: OperationRoute,
  fixed: ReadonlySet<string>,
): JsonSchema {
  const used = new Set<string>();
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const parameter of route.parameters) {
    if (fixed.has(parameter.name)) continue;
    properties[parameter.name] = {
      ...toolSchema(parameter.schema, used),
      ...(parameter.description === undefined ? {} : { description: parameter.description }),
    };
    if (parameter.required) required.push(parameter.name);
  }
  if (route.requestBody !== undefined) {
    properties.body = {
      ...toolSchema(route.requestBody.schema, used),
      description: 'The request body, as the API takes it.',
    };
    if (route.requestBody.required) required.push('body');
  }

  const components = document.components.schemas ?? {};
  const $defs: Record<string, JsonSchema> = {};
  // Each component copied may use others: copy until none is new.
  for (let pending = [...used]; pending.length > 0; pending = [...used].filter((n) => !$defs[n])) {
    for (const name of pending) {
      const component = components[name];
      if (!isRecord(component)) throw new Error(`${route.operationId}: no component ${name}`);
      $defs[name] = toolSchema(component, used);
    }
  }
  return {
    type: 'object',
    properties,
    ...(required.length === 0 ? {} : { required }),
    additionalProperties: false,
    ...(Object.keys($defs).length === 0 ? {} : { $defs }),
  };
}

/** A schema of the contract as plain JSON Schema, its component refs pointing into `$defs`. */
function toolSchema(schema: JsonSchema, used: Set<string>): JsonSchema {
  const copy: JsonSchema = {};
  for (const [keyword, value] of Object.entries(schema)) {
    if (openApiOnly(keyword)) continue;
    if (keyword === '$ref' && typeof value === 'string') {
      if (!value.startsWith(componentRef)) throw new Error(`Unsupported $ref ${value}`);
      const name = value.slice(componentRef.length);
      used.add(name);
      copy.$ref = `#/$defs/${name}`;
    } else if (schemaKeywords.has(keyword) && isRecord(value)) {
      copy[keyword] = toolSchema(value, used);
    } else if (schemaListKeywords.has(keyword) && Array.isArray(value)) {
      copy[keyword] = value.map((item) => (isRecord(item) ? toolSchema(item, used) : item));
    } else if (schemaMapKeywords.has(keyword) && isRecord(value)) {
      copy[keyword] = Object.fromEntries(
        Object.entries(value).map(([name, item]) => [
          name,
          isRecord(item) ? toolSchema(item, used) : item,
        ]),
      );
    } else {
      copy[keyword] = value;
    }
  }
  return copy;
}
