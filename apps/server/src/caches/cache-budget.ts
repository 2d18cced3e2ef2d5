/** The most each cache may hold, in bytes (approximate: see `approximateBytes`). */
export interface CacheBudget {
  parsedObjects: number;
  answers: number;
  renderedMarkdown: number;
  responses: number;
  reads: number;
  tableReads: number;
  readerTokens: number;
  embeds: number;
}

/** `CACHE_MB` unless set: what all the server's caches may hold together. */
export const defaultCacheMegabytes = 256;

// Parsed content is what every read of a page starts from; answers and Markdown save rendering;
// rows, tokens and embeds are small.
const shares: Readonly<CacheBudget> = {
  parsedObjects: 0.4,
  answers: 0.2,
  renderedMarkdown: 0.15,
  responses: 0.14,
  reads: 0.06,
  tableReads: 0.02,
  readerTokens: 0.02,
  embeds: 0.01,
};

/**
 * `totalBytes` shared among the caches.
 * @example cacheBudget(256 * 1024 * 1024).answers; // 51 MiB
 */
export function cacheBudget(totalBytes: number): CacheBudget {
  const share = (part: number) => Math.max(64 * 1024, Math.floor(totalBytes * part));
  return {
    parsedObjects: share(shares.parsedObjects),
    answers: share(shares.answers),
    renderedMarkdown: share(shares.renderedMarkdown),
    responses: share(shares.responses),
    reads: share(shares.reads),
    tableReads: share(shares.tableReads),
    readerTokens: share(shares.readerTokens),
    embeds: share(shares.embeds),
  };
}
