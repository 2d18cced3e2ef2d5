import type { AppDeps } from '../deps.js';
import type { MergeServices } from '../domain/change-requests/run-merge.js';
import type { ContentWriteServices } from '../domain/content/prepare-changes.js';
import { fetchForCaller } from '../outbound/fetch-for-caller.js';

/**
 * What content writes need from outside the database, made from the app's dependencies: the
 * document converter (worker threads for large bodies), the blob store, file fetches through
 * the outbound guard (a failure is the client's 400, a file too large a 413), and what follows
 * the heads the writes move.
 */
export function contentWriteServices(deps: AppDeps): ContentWriteServices {
  return {
    fromMarkdown: (markdown) => deps.documents.fromMarkdown(markdown),
    toMarkdown: (document) => deps.documents.toMarkdown(document),
    putBlob: (bytes) => deps.blobs.put(bytes),
    fileSizeLimit: deps.fileSizeLimit,
    heads: deps.headMoveListeners,
    async fetchFile(url) {
      const fetched = await fetchForCaller(url, {
        allowPrivate: deps.outboundAllowPrivate,
        maxBytes: deps.fileSizeLimit,
        failure: (at) => `The file at ${at} could not be fetched`,
      });
      return { bytes: fetched.body, contentType: fetched.contentType };
    },
  };
}

/** What merges and updates need besides the database, made from the app's dependencies. */
export function mergeServices(deps: AppDeps): MergeServices {
  return { bodies: deps.documents, heads: deps.headMoveListeners };
}
