import { LRUCache } from 'lru-cache';
import { deepFreeze } from '../deep-freeze.js';

/**
 * Answers computed from immutable content (a revision's page tree, addressed by its root hash),
 * kept with their JSON: a repeated read answers the same object, and its JSON is written once.
 */
export interface AnswerCache {
  /**
   * The answer kept under `key`, or else what `build` makes, which runs once for every caller
   * asking for the same key while it runs. Only content that never changes under its key belongs
   * here: nothing is ever invalidated, only evicted, least recently used first.
   */
  get<Answer extends object>(key: string, build: () => Promise<Answer>): Promise<Answer>;
}

// The JSON of answers serialized once, by the answer object itself.
const serialized = new WeakMap<object, string>();

/** The JSON of an answer body: written once for a kept answer, else now. */
export function jsonTextOf(body: unknown): string {
  return (
    (typeof body === 'object' && body !== null && serialized.get(body)) || JSON.stringify(body)
  );
}

const defaultMaxCharacters = 64 * 1024 * 1024;

/** @example const answers = createAnswerCache(); await answers.get(`pages:${root}`, build); */
export function createAnswerCache({
  maxCharacters = defaultMaxCharacters,
}: {
  maxCharacters?: number;
} = {}): AnswerCache {
  const kept = new LRUCache<string, object>({
    maxSize: maxCharacters,
    sizeCalculation: (answer) => Math.max(1, serialized.get(answer)?.length ?? 1),
  });
  const building = new Map<string, Promise<object>>();
  return {
    get<Answer extends object>(key: string, build: () => Promise<Answer>): Promise<Answer> {
      // Entries under a key are only ever stored from that key's own `build`, of one type.
      const found = (kept.get(key) ?? building.get(key)) as Answer | Promise<Answer> | undefined;
      if (found !== undefined) return Promise.resolve(found);
      const started = build().then(
        (answer) => {
          building.delete(key);
          serialized.set(answer, JSON.stringify(deepFreeze(answer)));
          kept.set(key, answer);
          return answer;
        },
        (error: unknown) => {
          building.delete(key);
          throw error;
        },
      );
      building.set(key, started);
      return started;
    },
  };
}
