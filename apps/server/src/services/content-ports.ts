import type { MergeServices } from '../domain/change-requests/run-merge.js';
import type { ContentWriteServices } from '../domain/content/prepare-changes.js';
import { fetchForCaller } from '../outbound/fetch-for-caller.js';
import type { CoreServices } from './core-services.js';

/**
 * What content writes need from outside the database, made from the core services: the
 * document converter (worker threads for large bodies), the blob store, file fetches through
 * the outbound guard (a failure is the client's 400, a file too large a 413), and what follows
 * the heads the writes move.
 */
export function contentWriteServices(core: CoreServices): ContentWriteServices {
  return {
    fromMarkdown: (markdown) => core.documents.fromMarkdown(markdown),
    toMarkdown: (document) => core.documents.toMarkdown(document),
    putBlob: (bytes) => core.blobs.put(bytes),
    fileSizeLimit: core.fileSizeLimit,
    heads: core.headMoveListeners,
    async fetchFile(url) {
      const fetched = await fetchForCaller(url, {
        allowPrivate: core.outboundAllowPrivate,
        maxBytes: core.fileSizeLimit,
        failure: (at) => `The file at ${at} could not be fetched`,
      });
      return { bytes: fetched.body, contentType: fetched.contentType };
    },
  };
}

/** What merges and updates need besides the database, made from the core services. */
export function mergeServices(core: CoreServices): MergeServices {
  return { bodies: core.documents, heads: core.headMoveListeners };
}
