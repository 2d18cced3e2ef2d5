import { isRecord } from './schema-navigation.js';

/** Where a value sits inside a JSON value: object keys and array indexes from the top. */
export type JsonPath = readonly (string | number)[];

/** The paths of every value inside `value` (the top included) that `select` picks. */
export function pathsWhere(value: unknown, select: (inner: unknown) => boolean): JsonPath[] {
  const found: JsonPath[] = [];
  const walk = (inner: unknown, path: JsonPath): void => {
    if (select(inner)) found.push(path);
    const entries: [string | number, unknown][] = Array.isArray(inner)
      ? inner.map((item, index) => [index, item])
      : isRecord(inner)
        ? Object.entries(inner)
        : [];
    for (const [key, item] of entries) walk(item, [...path, key]);
  };
  walk(value, []);
  return found;
}

/** The value at `path`, or `undefined` when there is none. */
export function valueAt(value: unknown, path: JsonPath): unknown {
  let current = value;
  for (const key of path) {
    if (Array.isArray(current) && typeof key === 'number') current = current[key];
    else if (isRecord(current) && typeof key === 'string') current = current[key];
    else return undefined;
  }
  return current;
}

/** A copy of `value` with `replacement` at `path` (`undefined` removes the key there). */
export function withValueAt(value: unknown, path: JsonPath, replacement: unknown): unknown {
  const [key, ...rest] = path;
  if (key === undefined) return replacement;
  if (Array.isArray(value) && typeof key === 'number') {
    return value.map((item, index) =>
      index === key ? withValueAt(item, rest, replacement) : item,
    );
  }
  const object = isRecord(value) ? value : {};
  const { [String(key)]: current, ...others } = object;
  const updated = withValueAt(current, rest, replacement);
  return updated === undefined ? others : { ...others, [String(key)]: updated };
}

/** `body.position.before.space`, `body.emailDomains[2]`. */
export function formatPath(root: string, path: JsonPath): string {
  return path.reduce<string>(
    (text, key) => (typeof key === 'number' ? `${text}[${key}]` : `${text}.${key}`),
    root,
  );
}
