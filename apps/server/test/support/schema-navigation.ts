import type { OpenApiDocument } from '@quire/contract';
import type { JsonSchema } from '../../src/http/operations.js';
import { isRecord } from '../../src/is-record.js';

/**
 * Follows a schema's `#/components/…` refs to the schema they name; anything that is not a
 * schema object reads as `{}`, the schema that allows everything.
 * @example resolveSchema(document, { $ref: '#/components/schemas/ResourceId' }).maxLength; // 64
 */
export function resolveSchema(document: OpenApiDocument, schema: unknown): JsonSchema {
  let current: unknown = schema;
  // A ref cycle would be a broken contract; the bound keeps that from hanging a test.
  for (let hops = 0; hops < 32 && isRecord(current) && typeof current.$ref === 'string'; hops++) {
    current = lookUp(document, current.$ref);
  }
  return isRecord(current) ? current : {};
}

/** The schema and every branch of its `oneOf`/`anyOf`/`allOf`, refs resolved, nested branches included. */
export function branchesOf(document: OpenApiDocument, schema: unknown): JsonSchema[] {
  const resolved = resolveSchema(document, schema);
  const nested = ['oneOf', 'anyOf', 'allOf'].flatMap((keyword) => {
    const branches = resolved[keyword];
    return Array.isArray(branches) ? branches : [];
  });
  return [resolved, ...nested.flatMap((branch) => branchesOf(document, branch))];
}

/**
 * The schema a value at `key` inside an instance of `schema` must match: a property, or the
 * items of an array for a numeric key. `undefined` when the schema says nothing about it.
 */
export function childSchemaOf(
  document: OpenApiDocument,
  schema: unknown,
  key: string | number,
): JsonSchema | undefined {
  for (const branch of branchesOf(document, schema)) {
    if (typeof key === 'number' && branch.items !== undefined) {
      return resolveSchema(document, branch.items);
    }
    const properties = branch.properties;
    if (typeof key === 'string' && isRecord(properties) && properties[key] !== undefined) {
      return resolveSchema(document, properties[key]);
    }
  }
  return undefined;
}

/** Names of the properties an object schema declares, across its branches. */
export function propertyNamesOf(document: OpenApiDocument, schema: unknown): string[] {
  const names = branchesOf(document, schema).flatMap((branch) =>
    isRecord(branch.properties) ? Object.keys(branch.properties) : [],
  );
  return [...new Set(names)];
}

/** The longest string any branch of the schema allows, or `undefined` when none caps it. */
export function maxLengthOf(document: OpenApiDocument, schema: unknown): number | undefined {
  const caps = branchesOf(document, schema)
    .map((branch) => branch.maxLength)
    .filter((cap): cap is number => typeof cap === 'number');
  return caps.length === 0 ? undefined : Math.max(...caps);
}

/** The schema at a path of keys from `schema`, or `undefined` when the schema does not say. */
export function schemaAtPath(
  document: OpenApiDocument,
  schema: unknown,
  path: readonly (string | number)[],
): JsonSchema | undefined {
  let current: JsonSchema | undefined = resolveSchema(document, schema);
  for (const key of path) {
    if (current === undefined) return undefined;
    current = childSchemaOf(document, current, key);
  }
  return current;
}

function lookUp(document: OpenApiDocument, ref: string): unknown {
  if (!ref.startsWith('#/')) throw new Error(`Only local $refs are supported, got ${ref}`);
  let target: unknown = document;
  for (const part of ref.slice(2).split('/')) {
    target = isRecord(target)
      ? target[part.replaceAll('~1', '/').replaceAll('~0', '~')]
      : undefined;
  }
  return target;
}

export { isRecord };
