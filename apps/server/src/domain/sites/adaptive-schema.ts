import { Ajv } from 'ajv';
import { invalid } from '../../errors.js';
import { isRecord } from '../../is-record.js';

/** A draft-07 JSON Schema of visitor claims, as stored and answered. */
export type AdaptiveJsonSchema = Record<string, unknown>;

/** The schema of a site that has not stored one: no claims. */
export const emptyAdaptiveSchema: AdaptiveJsonSchema = {
  type: 'object',
  properties: {
    unsigned: { type: 'object', properties: {}, additionalProperties: false },
  },
  additionalProperties: false,
};

/** A claim visitors may carry: its path under `visitor.claims` and its JSON type. */
export interface Claim {
  path: readonly string[];
  type: 'boolean' | 'string' | 'number';
  description?: string | undefined;
  values?: readonly (string | number)[] | undefined;
}

// Compiling proves the schema is a draft-07 schema (Ajv's default draft); strict mode would also
// refuse unknown keywords, which a schema written for other tools may carry.
const ajv = new Ajv({ strict: false, allErrors: false });

/**
 * Checks a JSON Schema of visitor claims and lists its claims: it must compile as draft-07 and be
 * an object schema of boolean, string or number properties, `unsigned` an object of booleans, with
 * `additionalProperties: false` on both. Anything else is a 400 saying what is wrong.
 * @example adaptiveClaims(emptyAdaptiveSchema); // []
 */
export function adaptiveClaims(schema: AdaptiveJsonSchema): Claim[] {
  try {
    ajv.compile(schema);
  } catch (error) {
    throw invalid(
      `jsonSchema is not a valid JSON Schema: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const claims: Claim[] = [];
  for (const [name, property] of objectProperties(schema, 'jsonSchema')) {
    if (name === 'unsigned') {
      for (const [flag, flagSchema] of objectProperties(
        property,
        'jsonSchema.properties.unsigned',
      )) {
        const claim = claimOf(['unsigned', flag], flagSchema);
        if (claim.type !== 'boolean') {
          throw invalid(
            `jsonSchema.properties.unsigned.properties.${flag} must be a boolean claim`,
          );
        }
        claims.push(claim);
      }
    } else {
      claims.push(claimOf([name], property));
    }
  }
  return claims;
}

function objectProperties(schema: unknown, where: string): [string, unknown][] {
  if (!isRecord(schema) || schema.type !== 'object') {
    throw invalid(`${where} must be a schema of type "object"`);
  }
  if (schema.additionalProperties !== false) {
    throw invalid(`${where} must set additionalProperties to false`);
  }
  const properties = schema.properties ?? {};
  if (!isRecord(properties)) throw invalid(`${where}.properties must be an object`);
  return Object.entries(properties);
}

function claimOf(path: string[], schema: unknown): Claim {
  const where = `jsonSchema.properties.${path.join('.properties.')}`;
  if (!/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(path.at(-1) ?? '')) {
    throw invalid(`${where}: a claim name must be an identifier (letters, digits, _ and $)`);
  }
  if (!isRecord(schema)) throw invalid(`${where} must be a schema object`);
  const { type, description } = schema;
  if (type !== 'boolean' && type !== 'string' && type !== 'number') {
    throw invalid(`${where} must be a boolean, string or number claim`);
  }
  const values = Array.isArray(schema.enum)
    ? schema.enum.filter((value) => typeof value === 'string' || typeof value === 'number')
    : undefined;
  return {
    path,
    type,
    description: typeof description === 'string' ? description : undefined,
    values,
  };
}

/** A ready condition for sections and site spaces, made from a claim. */
export interface TemplateCondition {
  description: string;
  condition: string;
}

/**
 * Ready conditions for every claim: a boolean claim is true, a string or number claim equals
 * each of its listed values (or is present when it lists none).
 * @example templateConditions([{ path: ['unsigned', 'beta'], type: 'boolean' }]);
 */
export function templateConditions(claims: readonly Claim[]): TemplateCondition[] {
  return claims.flatMap((claim) => {
    const reference = `visitor.claims.${claim.path.join('.')}`;
    const about = claim.description ?? claim.path.join('.');
    if (claim.type === 'boolean') {
      return [
        { description: `Visitors for whom ${about} is true`, condition: `${reference} === true` },
      ];
    }
    if (claim.values !== undefined && claim.values.length > 0) {
      return claim.values.map((value) => ({
        description: `Visitors whose ${about} is ${String(value)}`,
        condition: `${reference} === ${JSON.stringify(value)}`,
      }));
    }
    return [{ description: `Visitors who have ${about}`, condition: `${reference} !== undefined` }];
  });
}

/** The stored schema of a site, or the empty one. */
export function parseStoredSchema(stored: string | null): AdaptiveJsonSchema {
  if (stored === null) return emptyAdaptiveSchema;
  const value: unknown = JSON.parse(stored);
  return isRecord(value) ? value : emptyAdaptiveSchema;
}
