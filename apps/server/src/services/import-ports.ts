import type { ImportContentServices } from '../domain/imports/import-content.js';
import { fetchForCaller } from '../outbound/fetch-for-caller.js';
import { contentWriteServices } from './content-ports.js';
import type { CoreServices } from './core-services.js';

/**
 * What imports need from outside the database, made from the core services: the content
 * write services, fetches through the outbound guard (a failure is the client's 400, a source
 * too large a 413), and the document converter's worker threads for HTML and for many pages.
 */
export function importServices(core: CoreServices): ImportContentServices {
  return {
    ...contentWriteServices(core),
    fromHtml: (html) => core.documents.fromHtml(html),
    fromMarkdownMany: (markdowns) => core.documents.fromMarkdownMany(markdowns),
    fetch: (url, { maxBytes, optional = false }) =>
      fetchForCaller(url, {
        allowPrivate: core.outboundAllowPrivate,
        maxBytes,
        timeoutMs: 30_000,
        failure: (at) => `${at} could not be imported`,
        optional,
      }),
  };
}
