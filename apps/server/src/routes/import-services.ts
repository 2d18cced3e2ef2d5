import type { AppDeps } from '../deps.js';
import type { ImportContentServices } from '../domain/imports/import-content.js';
import { badRequest, fileTooLarge, shorten } from '../errors.js';
import { fetchOutbound, OutboundError } from '../http/outbound.js';
import { contentWriteServices } from './content-write-services.js';

/**
 * What imports need from outside the database, made from the app's dependencies: the content
 * write services, fetches through the outbound guard (a failure is the client's 400, a source
 * too large a 413), and the document converter's worker threads for HTML and for many pages.
 */
export function importServices(deps: AppDeps): ImportContentServices {
  return {
    ...contentWriteServices(deps),
    fromHtml: (html) => deps.documents.fromHtml(html),
    fromMarkdownMany: (markdowns) => deps.documents.fromMarkdownMany(markdowns),
    async fetch(url, { maxBytes, optional = false }) {
      const where = shorten(url, 100);
      try {
        const response = await fetchOutbound(url, {
          allowPrivate: deps.outboundAllowPrivate,
          maxBytes,
          timeoutMs: 30_000,
        });
        if (response.status >= 200 && response.status <= 299) {
          return {
            url: response.url,
            contentType: response.contentType?.split(';')[0]?.trim(),
            body: response.body,
          };
        }
        if (optional) return undefined;
        throw badRequest(`${where} could not be imported: it answered ${response.status}`);
      } catch (error) {
        if (!(error instanceof OutboundError)) throw error;
        // A crawled page that can't be had is skipped, unless the guard refused it.
        if (optional && error.code !== 'blocked') return undefined;
        if (error.code === 'too-large') throw fileTooLarge(maxBytes);
        throw badRequest(`${where} could not be imported: ${error.message}`);
      }
    },
  };
}
