import { parse, stringify } from 'yaml';
import { invalid } from '../../errors.js';
import { isRecord } from '../../is-record.js';

// What the contract's `Variables` allows: a name of letters, digits and `_`, not starting with a
// digit, at most 100 characters; a value of at most 10,000.
const variableName = /^[A-Za-z_][A-Za-z0-9_]{0,99}$/;
const longestValue = 10_000;

/**
 * The variables of `.gitbook/vars.yaml` (at `path`), GitBook's file of a space's variables: a
 * map of names to values. Every value is read as the text written (`3.10` stays `3.10`, not a
 * number); an empty file has none. A file that is no such map is refused, saying why, so an
 * import stops before it changes anything.
 * @example readVariablesFile('version: 3.10\n', '.gitbook/vars.yaml'); // { version: '3.10' }
 */
export function readVariablesFile(text: string, path: string): Record<string, string> {
  let value: unknown;
  try {
    value = parse(text, { schema: 'failsafe' });
  } catch {
    throw invalid(`${path} is not YAML`);
  }
  return variablesIn(value, path);
}

/**
 * The variables a YAML map read with the failsafe schema holds (every value text), named in
 * errors by `path` (`.gitbook/vars.yaml`, a page file's `vars`); none for nothing. Anything else
 * is refused, saying why.
 */
export function variablesIn(value: unknown, path: string): Record<string, string> {
  if (value === null || value === undefined) return {};
  if (!isRecord(value)) throw invalid(`${path} must be a map of variable names to values`);
  const variables: Record<string, string> = {};
  for (const [name, entry] of Object.entries(value)) {
    if (!variableName.test(name)) {
      throw invalid(
        `${path} names a variable "${name}": a name is letters, digits and _, not starting with a digit, at most 100 characters`,
      );
    }
    if (typeof entry !== 'string')
      throw invalid(`${path} gives ${name} a list or a map: a value is text`);
    if (entry.length > longestValue) {
      throw invalid(`${path} gives ${name} a value longer than ${longestValue} characters`);
    }
    variables[name] = entry;
  }
  return variables;
}

/** GitBook's key for a page's own variables in its frontmatter. */
export const frontmatterKey = 'vars';

/**
 * The variables a page's frontmatter (its YAML, without the `---` lines) gives the page, under
 * GitBook's `vars` key, read as written (`3.10` stays text); `undefined` when it has none or is no
 * YAML. Variables that are no map of names to text are refused, naming `path`, unless not
 * `strict`: then they are left out.
 * @example readFrontmatterVariables('vars:\n  os: linux', 'install.md'); // { os: 'linux' }
 */
export function readFrontmatterVariables(
  yaml: string,
  path: string,
  { strict }: { strict: boolean } = { strict: true },
): Record<string, string> | undefined {
  // Most frontmatter has no variables: it is not parsed a second time to find none.
  if (!yaml.includes(frontmatterKey)) return undefined;
  let texts: unknown;
  try {
    texts = parse(yaml, { schema: 'failsafe' });
  } catch {
    return undefined;
  }
  if (!isRecord(texts) || !Object.hasOwn(texts, frontmatterKey)) return undefined;
  try {
    const variables = variablesIn(texts[frontmatterKey], `${path}: ${frontmatterKey}`);
    return Object.keys(variables).length === 0 ? undefined : variables;
  } catch (error) {
    if (strict) throw error;
    return undefined;
  }
}

/**
 * The text of `.gitbook/vars.yaml` for `variables`, in the order they are in: values that YAML
 * would read as another type are quoted, so the file reads back as the same text.
 * @example writeVariablesFile({ version: '3.10' }); // 'version: "3.10"\n'
 */
export function writeVariablesFile(variables: Readonly<Record<string, string>>): string {
  return stringify(variables);
}
