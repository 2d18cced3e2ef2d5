import { deepFreeze } from '../deep-freeze.js';

// The JSON of answers serialized once, by the answer object itself.
const serialized = new WeakMap<object, string>();

/**
 * Freezes an answer that will be sent again and again, and writes its JSON once: from then on
 * `jsonTextOf` answers that text. Answers the length of the JSON.
 */
export function cacheJsonText(answer: object): number {
  const text = JSON.stringify(deepFreeze(answer));
  serialized.set(answer, text);
  return text.length;
}

/** The JSON of an answer body: written once for a kept answer, else now. */
export function jsonTextOf(body: unknown): string {
  return (
    (typeof body === 'object' && body !== null && serialized.get(body)) || JSON.stringify(body)
  );
}

/** The length of a kept answer's JSON, if it was kept. */
export function cachedJsonTextLength(answer: object): number | undefined {
  return serialized.get(answer)?.length;
}
