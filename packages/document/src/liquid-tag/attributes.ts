/** A parsed GitBook tag line: `hint style="info"` → name `hint`, attributes `{ style: 'info' }`. */
export interface ParsedTag {
  name: string;
  attributes: Record<string, string>;
}

const TAG = /^([a-z][\w-]*)((?:\s+[a-z][\w-]*="[^"]*")*)$/i;
const ATTRIBUTE = /([a-z][\w-]*)="([^"]*)"/gi;

/** Parses the inside of a tag line; `undefined` when it is not `name key="value"…`. */
export function parseTag(value: string): ParsedTag | undefined {
  const match = TAG.exec(value);
  if (!match?.[1]) return undefined;
  const attributes: Record<string, string> = {};
  for (const [, key, attributeValue] of (match[2] ?? '').matchAll(ATTRIBUTE)) {
    if (key === undefined || attributeValue === undefined || key in attributes) return undefined;
    attributes[key] = attributeValue;
  }
  return { name: match[1], attributes };
}

/** Writes the inside of a tag line; attributes with `undefined` values are left out. */
export function formatTag(
  name: string,
  attributes: Record<string, string | undefined> = {},
): string {
  const parts = [name];
  for (const [key, value] of Object.entries(attributes)) {
    if (value !== undefined) parts.push(`${key}="${value}"`);
  }
  return parts.join(' ');
}

/** Whether a tag has exactly the allowed attributes, all `required` ones included. */
export function hasAttributes(
  tag: ParsedTag,
  required: string[],
  optional: string[] = [],
): boolean {
  const keys = Object.keys(tag.attributes);
  return (
    required.every((key) => key in tag.attributes) &&
    keys.every((key) => required.includes(key) || optional.includes(key))
  );
}
