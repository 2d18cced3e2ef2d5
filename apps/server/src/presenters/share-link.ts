import type { components } from '@quire/contract';
import type { ShareLinkRecord } from '../store/share-links.js';
import type { Urls } from './urls.js';

type ShareLink = components['schemas']['ShareLink'];

/**
 * A stored share link as the API shows it. `key` is the link's secret, given only to those who
 * may see it (admins, and the link's creator once); without it `urls` is empty.
 */
export function presentShareLink(
  link: ShareLinkRecord,
  key: string | undefined,
  urls: Urls,
): ShareLink {
  return {
    object: 'share-link',
    id: link.id,
    createdAt: link.createdAt,
    ...(link.name === null ? {} : { name: link.name }),
    active: link.active,
    ...(link.expiresAt === null ? {} : { expiresAt: link.expiresAt }),
    urls:
      key === undefined
        ? {}
        : { published: `${urls.site(link.siteId)}?share=${encodeURIComponent(key)}` },
  };
}
