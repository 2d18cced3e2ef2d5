import type { components } from '@quire/contract';
import { Ajv } from 'ajv';
import { invalid } from '../../errors.js';

type Schemas = components['schemas'];

// Compiled per check: an integration's schema can change with every publish, and they are small.
const ajv = new Ajv({ strict: false, allErrors: false });

/**
 * Throws a 400 unless `configuration` is valid against the integration's configuration for
 * `level`: each setting of its type, and among its `enum` when it has one; the required ones
 * present. Button settings hold no value. A configuration drawn by a component has no schema.
 * @example checkConfiguration(integration.configurations.space, { token: 'x' }, 'space');
 */
export function checkConfiguration(
  schema: Schemas['IntegrationConfiguration'] | undefined,
  configuration: Record<string, unknown>,
  level: 'account' | 'space' | 'site',
): void {
  if (schema === undefined || !('properties' in schema)) return;
  const properties = Object.entries(schema.properties).filter(
    ([, setting]) => setting.type !== 'button',
  );
  const validate = ajv.compile({
    type: 'object',
    properties: Object.fromEntries(
      properties.map(([key, setting]) => [
        key,
        { type: setting.type, ...(setting.enum === undefined ? {} : { enum: setting.enum }) },
      ]),
    ),
    required: (schema.required ?? []).filter((key) => properties.some(([name]) => name === key)),
  });
  if (validate(configuration)) return;
  const [error] = validate.errors ?? [];
  const at = error?.instancePath.replace(/^\//, '').replaceAll('/', '.') ?? '';
  const missing =
    error?.keyword === 'required' && typeof error.params.missingProperty === 'string'
      ? error.params.missingProperty
      : undefined;
  const where = missing ?? at;
  throw invalid(
    `configuration${where === '' ? '' : `.${where}`}: ${error?.message ?? 'is not valid'} (the integration's ${level} configuration)`,
  );
}

/**
 * Throws a 400 when a configuration schema requires a setting it does not define: such a
 * schema could never be satisfied.
 */
export function checkConfigurationSchemas(
  configurations: Schemas['IntegrationConfigurations'],
): void {
  for (const level of ['account', 'space', 'site'] as const) {
    const schema = configurations[level];
    if (schema === undefined || !('properties' in schema)) continue;
    const unknown = (schema.required ?? []).find((key) => !(key in schema.properties));
    if (unknown !== undefined) {
      throw invalid(`configurations.${level}.required: "${unknown}" is not one of its properties`);
    }
  }
}
