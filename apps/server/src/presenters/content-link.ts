import type { components } from '@quire/contract';
import type { LinkListing } from '../domain/content-index/link-reads.js';
import type { PageLinksTable } from '../store/schema.js';

type Schemas = components['schemas'];

/** Where links are read: a space of an organization, in a revision. */
export interface LinkContext {
  organizationId: string;
  spaceId: string;
  revisionId: string;
}

/** A page of a space in a revision, as the location of a link. */
export function presentContentLocation(
  pageId: string,
  { organizationId, spaceId, revisionId }: LinkContext,
): Schemas['ContentLocation'] {
  return {
    kind: 'page',
    organization: organizationId,
    space: spaceId,
    page: pageId,
    versionContext: { type: 'revision', revision: revisionId },
  };
}

function targetOf(
  link: PageLinksTable,
  listing: Pick<LinkListing, 'pageIds' | 'fileIds'>,
): Schemas['LinkTargetReference'] {
  const anchor = link.anchor === '' ? {} : { anchor: link.anchor };
  switch (link.kind) {
    case 'page':
    case 'anchor': {
      const page = listing.pageIds.get(link.target);
      return {
        kind: link.kind,
        path: link.target,
        ...anchor,
        ...(page === undefined ? {} : { page }),
      };
    }
    case 'file': {
      const file = listing.fileIds.get(link.target);
      return { kind: 'file', name: link.target, ...(file === undefined ? {} : { file }) };
    }
    default:
      return { kind: 'url', url: link.target };
  }
}

function statusOf(link: PageLinksTable): Schemas['LinkStatus'] {
  return link.status === 'broken' || link.status === 'in-app' ? link.status : 'ok';
}

/** A stored link as the API shows it: its state, its target, and the page it is written in. */
export function presentContentLink(
  link: PageLinksTable,
  listing: Pick<LinkListing, 'pageIds' | 'fileIds'>,
  context: LinkContext,
): Schemas['ContentLink'] {
  return {
    status: statusOf(link),
    relation: 'reference',
    targetReference: targetOf(link, listing),
    locationReferences: [presentContentLocation(link.page_id, context)],
    text: link.text,
  };
}

/** The link list envelope: the page of links, and the stats of the scope. */
export function presentContentLinks(
  listing: LinkListing,
  context: LinkContext,
): Schemas['ContentLinkList'] {
  return {
    items: listing.page.items.map((link) => presentContentLink(link, listing, context)),
    count: listing.page.count,
    ...(listing.page.nextPage === undefined ? {} : { next: { page: listing.page.nextPage } }),
    stats: {
      total: listing.stats.total,
      broken: { total: listing.stats.broken, changeRequest: listing.stats.changeRequest },
    },
  };
}
