import { loadOpenApiDocument } from '@quire/contract';
import { describe, expect, it } from 'vitest';
import { type JsonSchema, operationRoutes } from '../src/http/operations.js';

const document = loadOpenApiDocument();
const componentSchemas = (document.components.schemas ?? {}) as Record<string, JsonSchema>;

/**
 * Every place in a schema where a string may go that has no length cap, as JSON-pointer-like
 * paths. A string is capped by `maxLength`, or by `enum`/`const`/`format: date-time`, which
 * bound it already. Follows `$ref`s to components (each once), properties, items and branches.
 */
function uncappedStrings(schema: unknown, path: string, seen = new Set<string>()): string[] {
  if (typeof schema !== 'object' || schema === null) return [];
  const node = schema as JsonSchema;
  const found: string[] = [];
  if (typeof node.$ref === 'string') {
    const name = node.$ref.replace('#/components/schemas/', '');
    if (!seen.has(name)) {
      seen.add(name);
      found.push(...uncappedStrings(componentSchemas[name], `${path}→${name}`, seen));
    }
  }
  const types = Array.isArray(node.type) ? node.type : [node.type];
  const bounded =
    node.maxLength !== undefined ||
    node.enum !== undefined ||
    node.const !== undefined ||
    node.format === 'date-time';
  if (types.includes('string') && !bounded) found.push(path);
  for (const [name, property] of Object.entries((node.properties ?? {}) as JsonSchema)) {
    found.push(...uncappedStrings(property, `${path}.${name}`, seen));
  }
  for (const key of ['items', 'additionalProperties'] as const) {
    found.push(...uncappedStrings(node[key], `${path}[]`, seen));
  }
  for (const key of ['oneOf', 'anyOf', 'allOf'] as const) {
    for (const branch of (node[key] ?? []) as unknown[]) {
      found.push(...uncappedStrings(branch, path, seen));
    }
  }
  return found;
}

describe('the contract', () => {
  const routes = operationRoutes(document);

  it('caps the length of every string a request may carry', () => {
    const uncapped = routes.flatMap((route) => [
      ...route.parameters.flatMap((parameter) =>
        uncappedStrings(parameter.schema, `${route.operationId} ${parameter.in}.${parameter.name}`),
      ),
      ...uncappedStrings(route.requestBody?.schema, `${route.operationId} body`),
    ]);
    expect(uncapped).toEqual([]);
  });

  it('caps ids in bodies like ids in paths', () => {
    const idCap = componentSchemas.ResourceId?.maxLength;
    expect(idCap).toEqual(expect.any(Number));
    const idFields = routes.flatMap((route) =>
      Object.entries(
        ((route.requestBody?.schema as JsonSchema | undefined)?.properties ?? {}) as Record<
          string,
          JsonSchema
        >,
      )
        .filter(([name]) => ['parent', 'organization', 'space', 'collection'].includes(name))
        .map(([name, schema]) => ({ where: `${route.operationId} body.${name}`, schema })),
    );
    expect(idFields.length).toBeGreaterThan(0);
    for (const { where, schema } of idFields) {
      const cap =
        schema.$ref === '#/components/schemas/ResourceId' ? idCap : (schema.maxLength ?? null);
      expect(cap, where).toBe(idCap);
    }
  });

  it('declares 413 and 415 on every operation that takes a body', () => {
    for (const route of routes.filter((candidate) => candidate.requestBody !== undefined)) {
      expect([...route.responses.keys()], route.operationId).toEqual(
        expect.arrayContaining([400, 413, 415]),
      );
    }
  });
});
