import { customAlphabet } from 'nanoid';

// Letters and digits only: URL-safe like nanoid's default, but an id never starts with "-",
// which shells and argument parsers read as an option (`quire users create --org -x…`).
const alphanumeric = customAlphabet(
  '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz',
  20,
);

/**
 * A new resource id: random, 20 letters and digits (about 119 bits).
 * @example newId(); // 'V1StGXR8Z5jdHi6BmyT4'
 */
export function newId(): string {
  return alphanumeric();
}
