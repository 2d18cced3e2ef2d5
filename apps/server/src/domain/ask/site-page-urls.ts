import type { SiteSpaceRecord } from '../../store/site-structure.js';
import type { SiteStructure } from '../sites/site-structure.js';
import type { AskUrls } from './ask-services.js';

const encodePath = (path: string) => path.split('/').map(encodeURIComponent).join('/');

/**
 * Where a published site serves a page of one of its site spaces, as the site app links it: the
 * default section at the site's root and the others under their path, likewise the default site
 * space of a section, then the page's path and the section's anchor.
 * @example sitePageUrl(urls, structure, siteSpace, 'guides/install', 'requirements');
 * // https://docs.example.com/s/site_1/v2/guides/install#requirements
 */
export function sitePageUrl(
  urls: Pick<AskUrls, 'site'>,
  structure: SiteStructure,
  siteSpace: SiteSpaceRecord,
  pagePath: string,
  anchor: string,
): string {
  const section = structure.sections.find((item) => item.id === siteSpace.sectionId);
  const defaultSiteSpace = section?.defaultSiteSpaceId ?? structure.site.defaultSiteSpaceId;
  const segments = [
    section === undefined || structure.site.defaultSectionId === section.id ? '' : section.path,
    defaultSiteSpace === siteSpace.id ? '' : siteSpace.path,
    pagePath,
  ].filter((segment) => segment !== '');
  return `${urls.site(structure.site.id)}${segments.map(encodePath).join('/')}${anchor === '' ? '' : `#${encodeURIComponent(anchor)}`}`;
}
