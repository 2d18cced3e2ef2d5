import type { AppDeps } from '../deps.js';
import type { ImportContentServices } from '../domain/imports/import-content.js';
import { fetchForCaller } from '../outbound/fetch-for-caller.js';
import { contentWriteServices } from './content-ports.js';

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
    fetch: (url, { maxBytes, optional = false }) =>
      fetchForCaller(url, {
        allowPrivate: deps.outboundAllowPrivate,
        maxBytes,
        timeoutMs: 30_000,
        failure: (at) => `${at} could not be imported`,
        optional,
      }),
  };
}
