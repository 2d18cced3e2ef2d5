import type { OpenApiDocument } from '@quire/contract';
import fc from 'fast-check';
import { type JsonSchema as FakerSchema, generateSync } from 'json-schema-faker';
import type { JsonSchema } from '../../src/http/operations.js';

/**
 * Values that match `schema`, made by json-schema-faker from a seed that fast-check draws, so a
 * failing run replays from fast-check's seed. The faker's output goes through `accepts` (the
 * contract's own validator), because a faker may miss a corner of a schema; a schema the faker
 * can never satisfy fails loudly instead of looping.
 * @example schemaInstances(document, route.requestBody.schema, (value) => validateBody(value));
 */
export function schemaInstances(
  document: OpenApiDocument,
  schema: JsonSchema,
  accepts: (value: unknown) => boolean,
): fc.Arbitrary<unknown> {
  // The faker resolves `#/components/…` against the schema it is given, so the components ride along.
  const rooted = {
    ...shortStrings(schema),
    components: shortComponentsOf(document),
  } as FakerSchema;
  const fromSeed = (seed: number): { value: unknown } | undefined => {
    try {
      // Shorter strings and arrays keep valid bodies under the body limit and the runs quick.
      const value = generateSync(rooted, {
        seed,
        optionalsProbability: 0.5,
        maxItems: 4,
        maxLength: fakedLength,
      });
      return accepts(value) ? { value } : undefined;
    } catch {
      // Some seeds lead the faker into a branch it cannot finish (e.g. `maxProperties` with
      // `additionalProperties: false`); another seed does.
      return undefined;
    }
  };
  assertSatisfiable(schema, fromSeed);
  return fc
    .integer({ min: 1, max: 0x7fffffff })
    .map(fromSeed)
    .filter((generated) => generated !== undefined)
    .map((generated) => generated.value);
}

function assertSatisfiable(
  schema: JsonSchema,
  fromSeed: (seed: number) => { value: unknown } | undefined,
): void {
  for (let seed = 1; seed <= 50; seed++) if (fromSeed(seed) !== undefined) return;
  throw new Error(`json-schema-faker found no valid instance of ${JSON.stringify(schema)}`);
}

const shortComponents = new WeakMap<OpenApiDocument, JsonSchema>();

/** The document's components through `shortStrings`, made once: they are most of the contract. */
function shortComponentsOf(document: OpenApiDocument): JsonSchema {
  let components = shortComponents.get(document);
  if (components === undefined) {
    components = shortStrings(document.components as JsonSchema);
    shortComponents.set(document, components);
  }
  return components;
}

// Longest string the faker is asked for.
const fakedLength = 1024;

/**
 * The schema with every `maxLength` above what the faker is asked for lowered to it: its own
 * `maxLength` option shortens what it answers, but it still spends seconds on a string allowed
 * megabytes (a script, a spec's text, an image's base64) before shortening it.
 */
function shortStrings(schema: JsonSchema): JsonSchema {
  return JSON.parse(JSON.stringify(schema), (key, value: unknown) =>
    key === 'maxLength' && typeof value === 'number' ? Math.min(value, fakedLength) : value,
  );
}
