import type { AppDeps } from '../deps.js';
import type { ContentWriteServices } from '../domain/content/prepare-changes.js';
import { badRequest, shorten } from '../errors.js';
import { fetchOutbound, OutboundError } from '../http/outbound.js';

/**
 * What content writes need from outside the database, made from the app's dependencies: the
 * document converter (worker threads for large bodies), the blob store, and file fetches
 * through the outbound guard, whose failures are the client's 400s.
 */
export function contentWriteServices(deps: AppDeps): ContentWriteServices {
  return {
    fromMarkdown: (markdown) => deps.documents.fromMarkdown(markdown),
    toMarkdown: (document) => deps.documents.toMarkdown(document),
    putBlob: (bytes) => deps.blobs.put(bytes),
    fileSizeLimit: deps.fileSizeLimit,
    async fetchFile(url) {
      try {
        const response = await fetchOutbound(url, {
          allowPrivate: deps.outboundAllowPrivate,
          maxBytes: deps.fileSizeLimit,
        });
        if (response.status < 200 || response.status > 299) {
          throw badRequest(
            `The file at ${shorten(url, 100)} could not be fetched: it answered ${response.status}`,
          );
        }
        return { bytes: response.body, contentType: response.contentType?.split(';')[0]?.trim() };
      } catch (error) {
        if (error instanceof OutboundError) {
          throw badRequest(
            `The file at ${shorten(url, 100)} could not be fetched: ${error.message}`,
          );
        }
        throw error;
      }
    },
  };
}
