/**
 * Whether a value is an object with string keys (what JSON calls an object), not an array or null.
 * @example isRecord({ a: 1 }); // true
 */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
