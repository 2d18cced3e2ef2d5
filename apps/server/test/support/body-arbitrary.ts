import type { OpenApiDocument } from '@quire/contract';
import fc from 'fast-check';
import type { JsonSchema } from '../../src/http/operations.js';
import { bodyMutations } from './body-mutations.js';
import { pathsWhere, withValueAt } from './json-paths.js';
import { realValueArbitrary } from './real-values.js';
import { schemaInstances } from './schema-instances.js';

/** A request body as sent: its Content-Type (`null`: no header) and text (`undefined`: none). */
export interface BodyDraw {
  contentType: string | null;
  text: string | undefined;
  notes: string[];
}

/** What bodies of one operation are drawn from. */
export interface BodySources {
  document: OpenApiDocument;
  schema: JsonSchema;
  required: boolean;
  /** Whether a parsed body matches the schema. */
  accepts(value: unknown): boolean;
  /** Values that exist on the server for a field of this name (`parent` → collection ids). */
  realValuesOf(name: string): readonly string[];
  /** The largest body the server takes, in bytes. */
  requestBodyLimit: number;
}

const jsonContentTypes = [
  'application/json',
  'application/json; charset=utf-8',
  'Application/JSON',
];

/**
 * Bodies that match the schema, from json-schema-faker, with fields named like a fixture
 * (`parent`, `organization`, `space`) often set to a real id so that requests get past 404. An
 * optional body is sometimes left out.
 */
export function validBodies(sources: BodySources): fc.Arbitrary<BodyDraw> {
  const sent: fc.Arbitrary<BodyDraw> = validValues(sources).chain((value) =>
    fc.constantFrom(...jsonContentTypes).map((contentType) => ({
      contentType,
      text: JSON.stringify(value),
      notes: [],
    })),
  );
  if (sources.required) return sent;
  const none = fc.constant<BodyDraw>({ contentType: null, text: undefined, notes: ['no body'] });
  return fc.oneof({ weight: 4, arbitrary: sent }, { weight: 1, arbitrary: none });
}

/** Bodies made from a valid one by breaking one thing about it (see `bodyMutations`). */
export function invalidBodies(sources: BodySources): fc.Arbitrary<BodyDraw> {
  return validValues(sources).chain((base) => fc.oneof(...bodyMutations(base, sources)));
}

function validValues(sources: BodySources): fc.Arbitrary<unknown> {
  return schemaInstances(sources.document, sources.schema, sources.accepts).chain((value) =>
    withRealValues(value, sources),
  );
}

function withRealValues(value: unknown, sources: BodySources): fc.Arbitrary<unknown> {
  const slots = pathsWhere(value, (inner) => typeof inner === 'string').flatMap((path) => {
    const name = path.at(-1);
    const real = typeof name === 'string' ? sources.realValuesOf(name) : [];
    return real.length === 0 ? [] : [{ path, real }];
  });
  if (slots.length === 0) return fc.constant(value);
  // One time in four the faker's value stays: an id that exists nowhere.
  const choices = slots.map(({ real }) =>
    fc.option(realValueArbitrary(real), { freq: 4, nil: undefined }),
  );
  return fc.tuple(...choices).map((chosen) =>
    slots.reduce<unknown>((body, { path }, index) => {
      const replacement = chosen[index];
      return replacement === undefined ? body : withValueAt(body, path, replacement);
    }, value),
  );
}
