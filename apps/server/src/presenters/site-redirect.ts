import type { components } from '@quire/contract';
import type { SiteRedirectRecord } from '../store/site-redirects.js';

type SiteRedirect = components['schemas']['SiteRedirect'];

/** A stored redirect as the API shows it. */
export function presentSiteRedirect(redirect: SiteRedirectRecord): SiteRedirect {
  return {
    object: 'site-redirect',
    id: redirect.id,
    source: redirect.source,
    draft: redirect.draft,
    captureWildcard: redirect.captureWildcard,
    permanent: redirect.permanent,
    destination: redirect.destination,
    createdAt: redirect.createdAt,
    ...(redirect.updatedAt === null ? {} : { updatedAt: redirect.updatedAt }),
  };
}
