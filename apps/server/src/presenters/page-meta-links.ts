import type { components } from '@quire/contract';
import type { MetaLinkTarget, PageMetaLinks } from '../domain/content/records.js';

type Schemas = components['schemas'];

function presentTarget(target: MetaLinkTarget): Schemas['RevisionPageMetaLinkTarget'] {
  if (target.kind === 'url') return { kind: 'url', url: target.url };
  return target.space === undefined
    ? { kind: 'page', page: target.page }
    : { kind: 'page', page: target.page, space: target.space };
}

/**
 * A page's meta links as the API shows them; `{}` for a page without any.
 * @example presentPageMetaLinks(page.metaLinks); // { canonical: { kind: 'url', url: '…' } }
 */
export function presentPageMetaLinks(
  metaLinks: PageMetaLinks | undefined,
): Schemas['RevisionPageMetaLinks'] {
  const presented: Schemas['RevisionPageMetaLinks'] = {};
  if (metaLinks?.canonical !== undefined) presented.canonical = presentTarget(metaLinks.canonical);
  if (metaLinks?.alternates !== undefined) {
    presented.alternates = metaLinks.alternates.map(presentTarget);
  }
  return presented;
}
