import type { OpenApiDocument } from '@quire/contract';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import formats from 'ajv-formats';
import { shorten } from '../errors.js';
import type { JsonSchema } from './operations.js';

const componentsId = 'quire:components';

// What each discriminator tag of the contract accepts (`operation` → insert_page, …): Ajv's
// error names the tag but not the schema, so messages look the values up by tag.
const tagValues = new Map<string, string[]>();

/**
 * Compiles JSON Schemas of the contract with Ajv (JSON Schema 2020-12, as OpenAPI 3.1 uses).
 * The document's component schemas are registered once, so `#/components/schemas/X` refs in any
 * compiled schema resolve to them.
 */
export class SchemaValidator {
  private readonly ajv: Ajv2020;

  constructor(document: OpenApiDocument, { coerceTypes = false }: { coerceTypes?: boolean } = {}) {
    this.ajv = new Ajv2020({
      allErrors: false,
      strict: true,
      coerceTypes: coerceTypes ? 'array' : false,
      useDefaults: true,
      // Validates only the oneOf branch a tag (`operation`, `type`) names, so errors are about it.
      discriminator: true,
    });
    formats.default(this.ajv);
    // OpenAPI's annotation keyword, and the documentation extension the contract uses (labels
    // of enum values, which Redoc shows); they assert nothing.
    this.ajv.addKeyword({ keyword: 'example' });
    this.ajv.addKeyword({ keyword: 'x-enumDescriptions' });
    const components = rewriteRefs(document.components.schemas ?? {});
    recordTagValues(components);
    this.ajv.addSchema({ $id: componentsId, $defs: components });
  }

  /** Compiles one schema (its refs may point at `#/components/schemas/…`). */
  compile(schema: JsonSchema): ValidateFunction {
    return this.ajv.compile(rewriteRefs(schema));
  }
}

// `#/components/schemas/X` means "in the OpenAPI document"; once schemas are compiled on their
// own, the same component lives at `quire:components#/$defs/X`.
// Ajv reads a discriminator's values from the branches themselves and refuses `mapping`, which
// the contract states for its other readers (openapi-typescript, Redoc); it is dropped here.
function rewriteRefs<T>(value: T): T {
  return JSON.parse(
    JSON.stringify(value).replaceAll('"#/components/schemas/', `"${componentsId}#/$defs/`),
    (key, item: unknown) =>
      key === 'discriminator' && typeof item === 'object' && item !== null && 'propertyName' in item
        ? { propertyName: item.propertyName }
        : item,
  );
}

// Patterns of the contract whose regex would read poorly in a message, said in words.
const visible =
  'must have a character other than white space (zero-width ones count as white space)';
const patternMeanings: Record<string, string> = {
  '[^\\s\\u200B-\\u200D\\u2060\\uFEFF]': visible,
  '^$|[^\\s\\u200B-\\u200D\\u2060\\uFEFF]': `must be empty or ${visible}`,
  '^[hH][tT][tT][pP][sS]?://': 'must be an http or https URL',
};

/**
 * The first validation error as a sentence naming the field.
 * @example describeValidationError('body', error); // "body.title must NOT have more than 50 characters"
 */
export function describeValidationError(
  where: string,
  errors: ErrorObject[] | null | undefined,
): string {
  const mismatch = allBranchesMismatched(where, errors ?? []);
  if (mismatch !== undefined) return mismatch;
  // oneOf/anyOf report after their branches; a branch's error names the field better, and the
  // branch whose tag matched (see `meantBranchErrors`) better than the others.
  const error =
    meantBranchErrors(errors ?? []).find((e) => e.keyword !== 'oneOf' && e.keyword !== 'anyOf') ??
    errors?.[0];
  if (error === undefined) return `Invalid ${where}`;
  // The path can hold names the client chose (keys of a map), so it is shortened like a value.
  const field = shorten(where + error.instancePath.replaceAll('/', '.'), 80);
  const params: Record<string, unknown> = error.params;
  switch (error.keyword) {
    case 'required':
      return `${field}.${String(params.missingProperty)} is required`;
    case 'additionalProperties':
      return `${field}.${shorten(String(params.additionalProperty))} is not allowed`;
    case 'pattern':
      return `${field} ${patternMeanings[String(params.pattern)] ?? error.message ?? 'is invalid'}`;
    case 'discriminator':
      // Ajv says `tag` for a missing or non-string tag, `mapping` for one no branch has.
      return typeof params.tag === 'string'
        ? `${field}.${params.tag} must be one of: ${(tagValues.get(params.tag) ?? ['…']).join(', ')}`
        : `${field} ${error.message ?? 'is invalid'}`;
    case 'enum':
      return `${field} must be one of: ${Array.isArray(params.allowedValues) ? params.allowedValues.join(', ') : '…'}`;
    default:
      return `${field} ${error.message ?? 'is invalid'}`;
  }
}

// Keywords that tell the branches of a oneOf apart when they check a property of its value.
const tagKeywords = new Set(['enum', 'const', 'pattern']);

/**
 * For each `oneOf` error, its tag: the property of its value that the most of its branches
 * refused by `enum`, `const` or `pattern` (a source's `type`), and the errors under it. Each
 * branch checks its tag first and stops at its first error, so a branch meant for another tag
 * reports that alone.
 */
function taggedOneOfs(errors: ErrorObject[]) {
  return errors.flatMap((oneOf, index) => {
    if (oneOf.keyword !== 'oneOf') return [];
    const under = errors
      .slice(0, index)
      .filter(
        (e) =>
          e.instancePath === oneOf.instancePath ||
          e.instancePath.startsWith(`${oneOf.instancePath}/`),
      );
    const counts = new Map<string, number>();
    for (const error of under) {
      const rest = error.instancePath.slice(oneOf.instancePath.length + 1);
      if (tagKeywords.has(error.keyword) && !rest.includes('/')) {
        counts.set(error.instancePath, (counts.get(error.instancePath) ?? 0) + 1);
      }
    }
    // A tag is refused by two branches or more; a property one branch alone checks is no tag.
    const [tag] = [...counts.entries()]
      .filter(([, count]) => count >= 2)
      .sort((a, b) => b[1] - a[1])
      .map(([path]) => path);
    if (tag === undefined) return [];
    const isMismatch = (e: ErrorObject) => e.instancePath === tag && tagKeywords.has(e.keyword);
    return [{ mismatches: under.filter(isMismatch), others: under.filter((e) => !isMismatch(e)) }];
  });
}

/**
 * The errors without those of `oneOf` branches whose tag did not match the value, when another
 * branch's did: that branch is the one the client meant, and its error says what is wrong.
 */
function meantBranchErrors(errors: ErrorObject[]): ErrorObject[] {
  const unmeant = new Set<ErrorObject>();
  for (const { mismatches, others } of taggedOneOfs(errors)) {
    if (others.length > 0) for (const error of mismatches) unmeant.add(error);
  }
  return errors.filter((error) => !unmeant.has(error));
}

/**
 * When no branch of a `oneOf` matched its tag: what the tag may be, every branch's values
 * together (`body.source.type must be one of: …`).
 */
function allBranchesMismatched(where: string, errors: ErrorObject[]): string | undefined {
  const unmatched = taggedOneOfs(errors).find(({ others }) => others.length === 0);
  const [first] = unmatched?.mismatches ?? [];
  if (unmatched === undefined || first === undefined) return undefined;
  const allowed = unmatched.mismatches.flatMap((e) => {
    const params: Record<string, unknown> = e.params;
    if (Array.isArray(params.allowedValues)) return params.allowedValues.map(String);
    if (params.allowedValue !== undefined) return [String(params.allowedValue)];
    return typeof params.pattern === 'string' ? [`a value matching ${params.pattern}`] : [];
  });
  const field = shorten(where + first.instancePath.replaceAll('/', '.'), 80);
  return `${field} must be one of: ${[...new Set(allowed)].join(', ')}`;
}

function recordTagValues(components: Record<string, unknown>): void {
  const tagValueOf = (branch: unknown, tag: string): string | undefined => {
    const resolved =
      isObject(branch) && typeof branch.$ref === 'string'
        ? components[branch.$ref.replace(`${componentsId}#/$defs/`, '')]
        : branch;
    const property =
      isObject(resolved) && isObject(resolved.properties) ? resolved.properties[tag] : undefined;
    return isObject(property) && Array.isArray(property.enum)
      ? String(property.enum[0])
      : undefined;
  };
  for (const schema of Object.values(components)) {
    if (!isObject(schema) || !isObject(schema.discriminator) || !Array.isArray(schema.oneOf))
      continue;
    const tag = String(schema.discriminator.propertyName);
    const values = schema.oneOf.map((branch) => tagValueOf(branch, tag));
    tagValues.set(tag, [
      ...new Set([...(tagValues.get(tag) ?? []), ...values.filter((v) => v !== undefined)]),
    ]);
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
