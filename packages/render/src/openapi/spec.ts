/** A record of a parsed OpenAPI (or Swagger) document. */
export type SpecObject = Record<string, unknown>;

/**
 * An OpenAPI spec as a page renders it: its entry document, at the path `entry` (`/specs/api.yaml`,
 * `/` unless given), and the other files its `$ref`s reach, by their paths (`/specs/pet.yaml`).
 * Loaded by the caller beforehand.
 */
export interface OpenAPISpec {
  document: SpecObject;
  entry?: string;
  files?: Readonly<Record<string, SpecObject>>;
}

/** Which spec an OpenAPI block names: one of the organization's (`spec="petstore"`) or a URL. */
export type OpenAPIReference = { spec: string } | { src: string };

export const isSpecObject = (value: unknown): value is SpecObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

// Deeper than any real spec nests refs to refs; a cycle stops here instead of looping.
const maxRefHops = 32;

/**
 * Follows `$ref`s until a value that is not one: `#/components/schemas/Pet` in the file the ref
 * is in, `pet.yaml#/Pet` or `../pet.yaml` in another file of the spec. `file` is the path of the
 * file `value` is in (`undefined`: the entry). Answers the value and the
 * file it came from (for the refs inside it), or `undefined` for a ref that leads nowhere.
 */
export function dereference(
  spec: OpenAPISpec,
  value: unknown,
  file: string | undefined,
): { value: unknown; file: string | undefined } | undefined {
  let current = value;
  let currentFile = file;
  for (let hop = 0; hop < maxRefHops; hop += 1) {
    if (!isSpecObject(current) || typeof current.$ref !== 'string') {
      return { value: current, file: currentFile };
    }
    const [target = '', pointer = ''] = current.$ref.split('#');
    const entry = spec.entry ?? '/';
    // A ref to another file is relative to the file it is written in.
    if (target !== '') currentFile = new URL(target, `file://${currentFile ?? entry}`).pathname;
    const root =
      currentFile === undefined || currentFile === entry
        ? spec.document
        : spec.files?.[currentFile];
    if (root === undefined) return undefined;
    current = atPointer(root, pointer);
    if (current === undefined) return undefined;
  }
  return undefined;
}

function atPointer(root: SpecObject, pointer: string): unknown {
  let value: unknown = root;
  for (const part of pointer.split('/').slice(1)) {
    const key = decodeURIComponent(part).replaceAll('~1', '/').replaceAll('~0', '~');
    value = isSpecObject(value)
      ? value[key]
      : Array.isArray(value)
        ? value[Number(key)]
        : undefined;
  }
  return value;
}
