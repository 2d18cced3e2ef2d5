import { cachedJsonTextLength, cacheJsonText } from '../caches/json-text-cache.js';
import { createContentCache } from './content-cache.js';

/**
 * Answers computed from immutable content (a revision's page tree, addressed by its root hash),
 * kept with their JSON: a repeated read answers the same object, and its JSON is written once.
 */
export interface AnswerCache {
  /** The answer kept under `key`, or else what `build` makes (see `ContentCache`). */
  get<Answer extends object>(key: string, build: () => Promise<Answer>): Promise<Answer>;
}

const defaultMaxCharacters = 64 * 1024 * 1024;

/** @example const answers = createAnswerCache(); await answers.get(`pages:${root}`, build); */
export function createAnswerCache({
  maxCharacters = defaultMaxCharacters,
}: {
  maxCharacters?: number;
} = {}): AnswerCache {
  const kept = createContentCache<object>({
    maxSize: maxCharacters,
    sizeOf: (answer) => cachedJsonTextLength(answer) ?? 1,
    prepare(answer) {
      cacheJsonText(answer);
      return answer;
    },
  });
  return {
    get<Answer extends object>(key: string, build: () => Promise<Answer>): Promise<Answer> {
      // Entries under a key are only ever stored from that key's own `build`, of one type.
      return kept.get(key, build) as Promise<Answer>;
    },
  };
}
