import { cachedJsonTextLength, cacheJsonText } from '../caches/json-text-cache.js';
import { cacheKeyText } from './cache-key.js';
import { createContentCache } from './content-cache.js';

/**
 * Answers computed from immutable content (a revision's page tree, addressed by its root hash),
 * kept with their JSON: a repeated read answers the same object, and its JSON is written once.
 */
/**
 * A revision's page tree by its content's root hash (and the space, in its URLs); one page by
 * those, which page was asked for (`id:…` or `path:…`), in which format, evaluated for whom (a
 * hash of the visitor's claims) and whether reusable content was put in place; the tags a
 * revision's content names, by its root.
 */
export type AnswerKey =
  | readonly ['pages', spaceId: string, root: string]
  | readonly ['tags', root: string]
  | readonly [
      'page',
      spaceId: string,
      root: string,
      asked: string,
      format: string,
      evaluatedFor: string,
      expanded: string,
    ];

export interface AnswerCache {
  /** The answer kept under `key`, or else what `build` makes (see `ContentCache`). */
  get<Answer extends object>(key: AnswerKey, build: () => Promise<Answer>): Promise<Answer>;
  /** The answer kept under `key`, if there is one (an earlier revision's, to build on). */
  peek<Answer extends object>(key: AnswerKey): Answer | undefined;
}

/** @example const answers = createAnswerCache({ maxCharacters: 1e7 }); await answers.get(['pages', spaceId, root], build); */
export function createAnswerCache({ maxCharacters }: { maxCharacters: number }): AnswerCache {
  const kept = createContentCache<object>({
    maxSize: maxCharacters,
    sizeOf: (answer) => cachedJsonTextLength(answer) ?? 1,
    prepare(answer) {
      cacheJsonText(answer);
      return answer;
    },
  });
  return {
    get<Answer extends object>(key: AnswerKey, build: () => Promise<Answer>): Promise<Answer> {
      // Entries under a key are only ever stored from that key's own `build`, of one type.
      return kept.get(cacheKeyText(key), build) as Promise<Answer>;
    },
    peek<Answer extends object>(key: AnswerKey): Answer | undefined {
      return kept.peek(cacheKeyText(key)) as Answer | undefined;
    },
  };
}
