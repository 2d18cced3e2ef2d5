import type { Document } from '@quire/document';
import { type RenderedDocument, type RenderOptions, renderDocument } from '@quire/render';
import { LRUCache } from 'lru-cache';

/** Pages rendered to HTML, kept by what decides their HTML. */
export interface RenderedPages {
  /**
   * The page's HTML: kept under `key` (which must name the revision, the page, the visitor's
   * context and where links point); on a miss, `document()` is read and rendered with the
   * options `options(document)` makes for it. `undefined` when there is no document to read.
   */
  get(
    key: string,
    document: () => Promise<Document | undefined>,
    options: (document: Document) => Promise<RenderOptions>,
  ): Promise<RenderedDocument | undefined>;
}

// The HTML holds signed file download URLs, valid for an hour from when they were read.
const keptForMs = 30 * 60 * 1000;

/**
 * A revision's content never changes, so a page rendered once renders the same for everyone in
 * the same visitor context until its file URLs age: kept up to 64 MiB of HTML, for half an hour.
 * @example const pages = createRenderedPages(); await pages.get(key, loadDocument, loadOptions);
 */
export function createRenderedPages({ maxBytes = 64 * 1024 * 1024 } = {}): RenderedPages {
  const cache = new LRUCache<string, RenderedDocument>({
    maxSize: maxBytes,
    sizeCalculation: (rendered) => Math.max(1, rendered.html.length * 2),
    ttl: keptForMs,
  });
  const pending = new Map<string, Promise<RenderedDocument | undefined>>();
  return {
    async get(key, document, options) {
      const kept = cache.get(key);
      if (kept !== undefined) return kept;
      let rendering = pending.get(key);
      if (rendering === undefined) {
        rendering = (async () => {
          const read = await document();
          return read === undefined ? undefined : renderDocument(read, await options(read));
        })();
        pending.set(key, rendering);
        rendering
          .then(
            (rendered) => rendered !== undefined && cache.set(key, rendered),
            () => undefined,
          )
          .finally(() => pending.delete(key));
      }
      return rendering;
    },
  };
}
