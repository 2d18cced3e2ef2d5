/**
 * About how many bytes `value` holds in memory, for bounding caches by size: strings by their
 * UTF-16 length, byte arrays by their length, a fixed overhead per object and property. It
 * follows plain data (rows, answers, documents), and counts a shared object each time it is met.
 */
export function approximateBytes(value: unknown): number {
  switch (typeof value) {
    case 'string':
      return 16 + value.length * 2;
    case 'number':
    case 'boolean':
    case 'bigint':
    case 'undefined':
      return 8;
    case 'object':
      return value === null ? 8 : objectBytes(value);
    default:
      return 8;
  }
}

function objectBytes(value: object): number {
  if (ArrayBuffer.isView(value)) return 64 + value.byteLength;
  if (value instanceof Date) return 32;
  if (Array.isArray(value)) {
    let total = 32;
    for (const item of value) total += 8 + approximateBytes(item);
    return total;
  }
  let total = 32;
  for (const [key, item] of Object.entries(value))
    total += 16 + key.length * 2 + approximateBytes(item);
  return total;
}
