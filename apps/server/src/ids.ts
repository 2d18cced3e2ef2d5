import { nanoid } from 'nanoid';

/**
 * A new resource id: random, URL-safe, 20 characters.
 * @example newId(); // 'V1StGXR8_Z5jdHi6B-my'
 */
export function newId(): string {
  return nanoid(20);
}
