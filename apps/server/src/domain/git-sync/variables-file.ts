import { parse, stringify } from 'yaml';
import { isRecord } from '../../is-record.js';

/**
 * The variables of `.gitbook/vars.yaml`, GitBook's file of a space's variables: a map of names
 * to values. Every value is read as the text written (`3.10` stays `3.10`, not a number); a
 * value that is a list or a map, and a file that is no map, give nothing.
 * @example readVariablesFile('version: 3.10\n'); // { version: '3.10' }
 */
export function readVariablesFile(text: string): Record<string, string> {
  let value: unknown;
  try {
    value = parse(text, { schema: 'failsafe' });
  } catch {
    return {};
  }
  if (!isRecord(value)) return {};
  const variables: Record<string, string> = {};
  for (const [name, entry] of Object.entries(value)) {
    if (typeof entry === 'string') variables[name] = entry;
  }
  return variables;
}

/**
 * The text of `.gitbook/vars.yaml` for `variables`, in the order they are in: values that YAML
 * would read as another type are quoted, so the file reads back as the same text.
 * @example writeVariablesFile({ version: '3.10' }); // 'version: "3.10"\n'
 */
export function writeVariablesFile(variables: Readonly<Record<string, string>>): string {
  return stringify(variables);
}
