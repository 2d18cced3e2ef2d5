import type { components } from '@quire/contract';
import type { MemberRole } from '../model/roles.js';
import { sitePermissions } from '../policies/site-policy.js';
import type { SiteRecord } from '../store/sites.js';
import type { Urls } from './urls.js';

type Site = components['schemas']['Site'];

/** A stored site as the API shows it to a caller with `role`, with how many site spaces it has. */
export function presentSite(
  site: SiteRecord,
  siteSpaces: number,
  role: MemberRole | null,
  urls: Urls,
): Site {
  return {
    object: 'site',
    id: site.id,
    type: site.type,
    appliedType: site.type,
    title: site.title,
    ...(site.basename === null ? {} : { basename: site.basename }),
    ...(site.proxy === null
      ? {}
      : { proxy: { origin: `https://${site.proxy}`, target: urls.site(site.id) } }),
    visibility: site.visibility,
    defaultLevel: 'inherit',
    permissions: sitePermissions(role),
    published: site.published,
    siteSpaces,
    createdAt: site.createdAt,
    adaptiveContent: { enabled: site.adaptiveContent },
    agentsContext: site.agentsContext,
    features: [],
    urls: {
      location: urls.api('orgs', site.organizationId, 'sites', site.id),
      app: urls.app('orgs', site.organizationId, 'sites', site.id),
      published: urls.site(site.id),
      // Members preview a site where readers will read it; the site app answers both.
      preview: urls.site(site.id),
    },
  };
}
