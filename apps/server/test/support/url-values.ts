import type { OpenApiDocument } from '@quire/contract';
import fc from 'fast-check';
import type { OperationParameter } from '../../src/http/operations.js';
import { hasLoneSurrogate, percentEncode } from './percent-encoding.js';
import { realValueArbitrary } from './real-values.js';
import { schemaInstances } from './schema-instances.js';
import { maxLengthOf, resolveSchema } from './schema-navigation.js';

/** A path or query parameter value as it goes into a URL. */
export interface UrlValue {
  encoded: string;
  /** What the server should decode it to; `undefined` when no decoding is the single right one. */
  decoded: string | undefined;
  /** What is unusual about it, for the counterexample; `undefined` for an ordinary value. */
  note: string | undefined;
}

/** What URL values of one parameter are drawn from. */
export interface UrlValueSources {
  document: OpenApiDocument;
  /** Values that exist on the server for this parameter: ids of fixtures, page tokens. */
  realValues: readonly string[];
  /** Whether a value matches the parameter's schema (coerced from a string, as the server does). */
  accepts(value: string): boolean;
}

// Encoded forms that decode to nothing sensible: bare or short escapes, non-UTF-8 bytes (an
// overlong `/`, a lone surrogate as WTF-8), NUL.
const rawPercentGarbage = ['%', '%zz', '%E0%A4%A', '%C0%AF', '%ED%A0%80', '%FF%FE', '%00', '%%41'];

// Characters that tend to matter to routers, SQL, logs and HTML.
const oddTexts = [
  ' ',
  'a b',
  '/',
  '\\',
  '?x=1',
  '#top',
  '%',
  "'; drop table spaces; --",
  '"',
  '<script>',
  '\u0000',
  '\n',
  '\u202e',
  'é',
  '📘',
  '\ud800',
  '\udfff\ud800',
  '...',
  '%2e%2e',
];

/** Valid values of a parameter: mostly real ones, some that match the schema but exist nowhere. */
export function validUrlValues(
  parameter: OperationParameter,
  sources: UrlValueSources,
): fc.Arbitrary<UrlValue> {
  const where = `${parameter.in}.${parameter.name}`;
  const plainValue = encoderFor(parameter);
  const fromSchema = schemaInstances(sources.document, parameter.schema, (value) =>
    isUsableText(value, parameter, sources),
  ).map(String);
  if (sources.realValues.length === 0) return fromSchema.map((text) => plainValue(text, undefined));
  const real = realValueArbitrary(sources.realValues).map((text) => plainValue(text, undefined));
  const unknown = fromSchema
    .filter((text) => !sources.realValues.includes(text))
    .map((text) => plainValue(text, `${where}: valid, but no such thing`));
  return fc.oneof({ weight: 4, arbitrary: real }, { weight: 1, arbitrary: unknown });
}

/**
 * Values a server must survive: over the schema's `maxLength`, out of an integer's range or not
 * numbers, outside an enum, odd and ill-formed characters, broken percent-encoding, and real
 * values with a character changed (a tampered page token).
 */
export function invalidUrlValues(
  parameter: OperationParameter,
  sources: UrlValueSources,
): fc.Arbitrary<UrlValue> {
  const where = `${parameter.in}.${parameter.name}`;
  const plainValue = encoderFor(parameter);
  const schema = resolveSchema(sources.document, parameter.schema);
  const candidates: fc.Arbitrary<UrlValue>[] = [
    fc
      .oneof(
        fc.constantFrom(...oddTexts),
        fc.string({ unit: 'binary', minLength: 1, maxLength: 16 }),
      )
      .filter((text) => reachesTheRoute(text, parameter))
      .map((text) => plainValue(text, `${where}: odd characters`)),
    fc.constantFrom(...rawPercentGarbage).map((encoded) => ({
      encoded,
      decoded: undefined,
      note: `${where}: broken percent-encoding`,
    })),
  ];
  const cap = maxLengthOf(sources.document, schema);
  if (cap !== undefined) {
    candidates.push(
      fc
        .string({ unit: idCharacter, minLength: cap + 1, maxLength: cap + 100 })
        .map((text) => plainValue(text, `${where}: ${text.length} characters, over ${cap}`)),
    );
  }
  if (schema.type === 'integer' || schema.type === 'number') {
    candidates.push(
      outOfRangeNumbers(schema).map((text) =>
        plainValue(text, `${where}: ${JSON.stringify(text)}`),
      ),
    );
  }
  const allowed = schema.enum;
  if (Array.isArray(allowed)) {
    candidates.push(
      fc
        .string({ unit: idCharacter, minLength: 1, maxLength: 8 })
        .filter((text) => !allowed.includes(text))
        .map((text) => plainValue(text, `${where}: not one of ${allowed.join(', ')}`)),
    );
  }
  if (sources.realValues.length > 0) {
    candidates.push(
      fc
        .tuple(fc.constantFrom(...sources.realValues), fc.nat(), idCharacter)
        .map(([real, at, character]) => {
          const index = at % real.length;
          return `${real.slice(0, index)}${character}${real.slice(index + 1)}`;
        })
        .filter((tampered) => !sources.realValues.includes(tampered))
        .map((tampered) => plainValue(tampered, `${where}: a real value with a character changed`)),
    );
  }
  return fc.oneof(...candidates);
}

function outOfRangeNumbers(schema: Record<string, unknown>): fc.Arbitrary<string> {
  const minimum = typeof schema.minimum === 'number' ? schema.minimum : undefined;
  const maximum = typeof schema.maximum === 'number' ? schema.maximum : undefined;
  // The constants are where parsers differ, so they are drawn as often as all ranges together.
  const texts: fc.WeightedArbitrary<string>[] = [
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        'abc',
        '1.5',
        '',
        ' ',
        'NaN',
        'Infinity',
        '-Infinity',
        '1e400',
        '-0',
        '0x10',
        '١٢',
        '1,2',
      ),
    },
  ];
  if (minimum !== undefined) {
    texts.push({
      weight: 1,
      arbitrary: fc.integer({ min: minimum - 1_000_000, max: minimum - 1 }).map(String),
    });
  }
  if (maximum !== undefined) {
    texts.push({
      weight: 1,
      arbitrary: fc
        .oneof(fc.integer({ min: maximum + 1, max: maximum + 1_000_000 }), fc.constant(1e23))
        .map(String),
    });
  }
  return fc.oneof(...texts);
}

const idCharacter = fc.constantFrom(
  ...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-'.split(''),
);

/**
 * How a parameter's text goes into the URL: percent-encoded whole, or segment by segment for a
 * parameter that takes the rest of the path, slashes included.
 */
function encoderFor(parameter: OperationParameter) {
  const encode = (text: string) =>
    parameter.restOfPath ? text.split('/').map(percentEncode).join('/') : percentEncode(text);
  return (text: string, note: string | undefined): UrlValue => ({
    encoded: encode(text),
    decoded: hasLoneSurrogate(text) ? undefined : text,
    note,
  });
}

function isUsableText(
  value: unknown,
  parameter: OperationParameter,
  sources: UrlValueSources,
): boolean {
  if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') {
    return false;
  }
  const text = String(value);
  return text !== '' && reachesTheRoute(text, parameter) && sources.accepts(text);
}

// A URL parser folds `.` and `..` segments away, so the request would reach another route.
function reachesTheRoute(text: string, parameter: OperationParameter): boolean {
  const segments = parameter.restOfPath ? text.split('/') : [text];
  return !segments.some((segment) => segment === '.' || segment === '..');
}
