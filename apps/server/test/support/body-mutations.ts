import type { OpenApiDocument } from '@quire/contract';
import fc from 'fast-check';
import type { JsonSchema } from '../../src/http/operations.js';
import type { BodyDraw, BodySources } from './body-arbitrary.js';
import { formatPath, type JsonPath, pathsWhere, valueAt, withValueAt } from './json-paths.js';
import {
  branchesOf,
  isRecord,
  maxLengthOf,
  propertyNamesOf,
  schemaAtPath,
} from './schema-navigation.js';

const otherContentTypes = [
  null,
  'text/plain',
  'text/plain;charset=UTF-8',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'text/json',
  'application/jsonp',
];
const wrongTypeValues = [0, -1, 1.5, true, false, null, '', 'text', [], ['text'], {}, { key: 1 }];
const notObjects = ['null', '[]', '[{}]', '"text"', '0', 'true'];
const notJson = [
  '{',
  '{"title": ',
  "{'title': 'x'}",
  'title=x',
  '{"a":1}}',
  '{"title":"x",}',
  'NaN',
  '\u0000',
];
// Deep enough to overflow a recursive walk of the parsed body, small enough to fit in the
// test server's body limit (64 KiB).
const nestingDepths = [100, 1000, 5000, 10_000];
const nestingMarker = '\u0000nested\u0000';
const loneSurrogates = ['\ud800', '\udbff', '\udc00', '\udfff', '\udc00\ud800'];

/**
 * The ways to break a valid body `base`, each an arbitrary: not an object, not JSON, not sent as
 * JSON, over the size limit, a required field left out, a field of the wrong type, nested
 * thousands of levels deep, a string over its `maxLength` or with a lone surrogate, and a
 * property the schema does not have (at the top or in a nested object).
 */
export function bodyMutations(base: unknown, sources: BodySources): fc.Arbitrary<BodyDraw>[] {
  const { document, schema } = sources;
  const topLevel = propertyNamesOf(document, schema).map((name): JsonPath => [name]);
  const fieldPaths = uniquePaths([
    ...pathsWhere(base, () => true).filter((path) => path.length > 0),
    ...topLevel,
  ]);
  const stringPaths = uniquePaths([
    ...pathsWhere(base, (inner) => typeof inner === 'string'),
    ...topLevel.filter(
      (path) => maxLengthOf(document, schemaAtPath(document, schema, path)) !== undefined,
    ),
  ]);
  const required = requiredNamesOf(document, schema).filter(
    (name) => valueAt(base, [name]) !== undefined,
  );
  const objectPaths = pathsWhere(base, isRecord);
  return [
    notAnObject(),
    notJsonText(base),
    wrongContentType(base),
    overSizeLimit(base, sources.requestBodyLimit),
    ...(required.length === 0 ? [] : [requiredLeftOut(base, required)]),
    ...(fieldPaths.length === 0
      ? []
      : [wrongType(base, fieldPaths), deeplyNested(base, fieldPaths)]),
    ...(stringPaths.length === 0
      ? []
      : [overMaxLength(base, stringPaths, sources), loneSurrogate(base, stringPaths)]),
    ...(objectPaths.length === 0 ? [] : [unknownProperty(base, objectPaths, sources)]),
  ];
}

function sentAsJson(value: unknown, note: string): BodyDraw {
  return { contentType: 'application/json', text: JSON.stringify(value), notes: [note] };
}

function notAnObject(): fc.Arbitrary<BodyDraw> {
  return fc.constantFrom(...notObjects).map((text) => ({
    contentType: 'application/json',
    text,
    notes: [`body: ${text}`],
  }));
}

function notJsonText(base: unknown): fc.Arbitrary<BodyDraw> {
  return fc
    .oneof(
      fc.constantFrom(...notJson),
      fc.nat({ max: 40 }).map((length) => JSON.stringify(base).slice(0, length)),
      fc.string({ minLength: 1, maxLength: 30 }),
    )
    .filter((text) => text.trim() !== '' && !parsesAsJson(text))
    .map((text) => ({ contentType: 'application/json', text, notes: ['body: not JSON'] }));
}

function wrongContentType(base: unknown): fc.Arbitrary<BodyDraw> {
  return fc.constantFrom(...otherContentTypes).map((contentType) => ({
    contentType,
    text: JSON.stringify(base),
    notes: [`Content-Type: ${contentType ?? 'none'}`],
  }));
}

function overSizeLimit(base: unknown, limit: number): fc.Arbitrary<BodyDraw> {
  return fc.constant(
    sentAsJson(withValueAt(base, ['padding'], 'x'.repeat(limit)), 'body: over the size limit'),
  );
}

function requiredLeftOut(base: unknown, required: string[]): fc.Arbitrary<BodyDraw> {
  return fc
    .constantFrom(...required)
    .map((name) =>
      sentAsJson(withValueAt(base, [name], undefined), `body.${name}: required, left out`),
    );
}

function wrongType(base: unknown, fieldPaths: JsonPath[]): fc.Arbitrary<BodyDraw> {
  return fc
    .tuple(fc.constantFrom(...fieldPaths), fc.constantFrom(...wrongTypeValues))
    .map(([path, wrong]) =>
      sentAsJson(
        withValueAt(base, path, wrong),
        `${formatPath('body', path)}: ${JSON.stringify(wrong)}`,
      ),
    );
}

function deeplyNested(base: unknown, fieldPaths: JsonPath[]): fc.Arbitrary<BodyDraw> {
  return fc
    .tuple(fc.constantFrom(...fieldPaths), fc.constantFrom(...nestingDepths), fc.boolean())
    .map(([path, depth, arrays]) => {
      const nested = arrays
        ? `${'['.repeat(depth)}${']'.repeat(depth)}`
        : `${'{"a":'.repeat(depth)}0${'}'.repeat(depth)}`;
      // Built as text: JSON.stringify of something this deep could itself overflow the stack.
      const text = JSON.stringify(withValueAt(base, path, nestingMarker)).replace(
        JSON.stringify(nestingMarker),
        nested,
      );
      const kind = arrays ? 'arrays' : 'objects';
      return {
        contentType: 'application/json',
        text,
        notes: [`${formatPath('body', path)}: ${depth} levels of nested ${kind}`],
      };
    });
}

function overMaxLength(
  base: unknown,
  stringPaths: JsonPath[],
  { document, schema, requestBodyLimit }: BodySources,
): fc.Arbitrary<BodyDraw> {
  return fc.tuple(fc.constantFrom(...stringPaths), fc.nat({ max: 40 })).map(([path, extra]) => {
    // A string the schema does not cap gets a length no field should need; one capped above the
    // body limit gets just enough to pass the limit (the server cannot read it anyway).
    const cap = maxLengthOf(document, schemaAtPath(document, schema, path)) ?? 1000;
    const length = Math.min(cap + 1 + extra, requestBodyLimit + 1);
    return sentAsJson(
      withValueAt(base, path, 'x'.repeat(length)),
      `${formatPath('body', path)}: ${length} characters, ${length > cap ? `over ${cap}` : 'over the body limit'}`,
    );
  });
}

function loneSurrogate(base: unknown, stringPaths: JsonPath[]): fc.Arbitrary<BodyDraw> {
  return fc
    .tuple(fc.constantFrom(...stringPaths), fc.constantFrom(...loneSurrogates), fc.nat())
    .map(([path, lone, at]) => {
      const current = valueAt(base, path);
      const text = typeof current === 'string' ? current : 'ab';
      const index = at % (text.length + 1);
      // JSON.stringify writes a lone surrogate as a `\ud800` escape, which is how it reaches a server.
      return sentAsJson(
        withValueAt(base, path, `${text.slice(0, index)}${lone}${text.slice(index)}`),
        `${formatPath('body', path)}: a lone surrogate`,
      );
    });
}

function unknownProperty(
  base: unknown,
  objectPaths: JsonPath[],
  { document, schema }: BodySources,
): fc.Arbitrary<BodyDraw> {
  const names = fc.oneof(
    fc.string({ minLength: 1, maxLength: 12 }),
    fc.constantFrom(...loneSurrogates.map((lone) => `key${lone}`), '__proto__', 'constructor'),
  );
  return fc
    .tuple(fc.constantFrom(...objectPaths), names, fc.jsonValue({ maxDepth: 1 }))
    .filter(
      ([path, name]) =>
        !propertyNamesOf(document, schemaAtPath(document, schema, path)).includes(name),
    )
    .map(([path, name, extra]) =>
      sentAsJson(
        withValueAt(base, [...path, name], extra),
        `${formatPath('body', [...path, name])}: not in the schema`,
      ),
    );
}

function requiredNamesOf(document: OpenApiDocument, schema: JsonSchema): string[] {
  return branchesOf(document, schema).flatMap((branch) =>
    Array.isArray(branch.required)
      ? branch.required.filter((name) => typeof name === 'string')
      : [],
  );
}

function uniquePaths(paths: JsonPath[]): JsonPath[] {
  const byKey = new Map(paths.map((path) => [JSON.stringify(path), path]));
  return [...byKey.values()];
}

function parsesAsJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
