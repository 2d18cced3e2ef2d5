import { readFileSync } from 'node:fs';

/** Absolute path of the bundled OpenAPI document in JSON. */
export const openapiJsonPath = new URL('../generated/openapi.json', import.meta.url);

/** Absolute path of the bundled OpenAPI document in YAML. */
export const openapiYamlPath = new URL('../generated/openapi.yaml', import.meta.url);

/** The parts of an OpenAPI 3.1 document that Quire's tooling reads. */
export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, unknown>>;
  components: Record<string, Record<string, unknown>>;
  [key: string]: unknown;
}

/**
 * Reads the bundled OpenAPI document (one file, components by `#/components/...` refs).
 * @example const document = loadOpenApiDocument(); document.paths['/spaces/{spaceId}'];
 */
export function loadOpenApiDocument(): OpenApiDocument {
  return JSON.parse(readFileSync(openapiJsonPath, 'utf8'));
}
