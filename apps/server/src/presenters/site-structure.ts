import type { components } from '@quire/contract';
import type { SiteStructure } from '../domain/sites/site-structure.js';
import type { MemberRole } from '../model/roles.js';
import { effectiveSpaceRole } from '../policies/space-policy.js';
import type {
  SectionGroupRecord,
  SectionRecord,
  SiteSpaceRecord,
} from '../store/site-structure.js';
import type { SpaceRecord } from '../store/spaces.js';
import { presentSpace } from './space.js';
import type { Urls } from './urls.js';

type SiteSection = components['schemas']['SiteSection'];
type SiteSectionGroup = components['schemas']['SiteSectionGroup'];
type SiteSpace = components['schemas']['SiteSpace'];

/** What presenting a site's structure needs: the structure, its spaces, the caller, and a key. */
export interface StructureView {
  structure: SiteStructure;
  spaces: ReadonlyMap<string, SpaceRecord>;
  /** The caller's role in the organization; `null` for a site's reader. */
  role: MemberRole | null;
  urls: Urls;
  /** A share link key: published URLs then open the site through that link. */
  shareKey?: string | undefined;
}

function publishedUrl(view: StructureView, ...segments: string[]): { published: string } {
  const url = view.urls.site(view.structure.site.id, ...segments);
  return {
    published:
      view.shareKey === undefined ? url : `${url}?share=${encodeURIComponent(view.shareKey)}`,
  };
}

/** A stored site space as the API shows it (its space must be in `view.spaces`). */
export function presentSiteSpace(siteSpace: SiteSpaceRecord, view: StructureView): SiteSpace {
  const space = view.spaces.get(siteSpace.spaceId);
  if (space === undefined) throw new Error(`Space ${siteSpace.spaceId} of a site space is missing`);
  const section = view.structure.sections.find((item) => item.id === siteSpace.sectionId);
  const defaultId =
    section === undefined ? view.structure.site.defaultSiteSpaceId : section.defaultSiteSpaceId;
  return {
    object: 'site-space',
    id: siteSpace.id,
    path: siteSpace.path,
    ...(siteSpace.sectionId === null ? {} : { section: siteSpace.sectionId }),
    space: presentSpace(space, effectiveSpaceRole(view.role, space), view.urls),
    title: space.title,
    default: defaultId === siteSpace.id,
    draft: siteSpace.draft,
    ...(siteSpace.condition === null ? {} : { condition: siteSpace.condition }),
    hasAdvancedCustomizationFeature: view.structure.site.type === 'ultimate',
    urls: publishedUrl(view, ...(section === undefined ? [] : [section.path]), siteSpace.path),
  };
}

/** A stored section as the API shows it, with its site spaces in order. */
export function presentSection(section: SectionRecord, view: StructureView): SiteSection {
  return {
    object: 'site-section',
    id: section.id,
    title: section.title,
    ...(section.description === null ? {} : { description: section.description }),
    default: view.structure.site.defaultSectionId === section.id,
    path: section.path,
    draft: section.draft,
    ...(section.condition === null ? {} : { condition: section.condition }),
    ...(section.sectionGroupId === null ? {} : { sectionGroup: section.sectionGroupId }),
    siteSpaces: view.structure.siteSpaces
      .filter((siteSpace) => siteSpace.sectionId === section.id)
      .map((siteSpace) => presentSiteSpace(siteSpace, view)),
    ...(section.icon === null ? {} : { icon: section.icon }),
    urls: publishedUrl(view, section.path),
  };
}

/** A stored section group as the API shows it, with its sections in order. */
export function presentSectionGroup(
  group: SectionGroupRecord,
  view: StructureView,
): SiteSectionGroup {
  return {
    object: 'site-section-group',
    id: group.id,
    title: group.title,
    draft: group.draft,
    sections: view.structure.sections
      .filter((section) => section.sectionGroupId === group.id)
      .map((section) => presentSection(section, view)),
    // Groups do not nest here: no group has groups of its own.
    children: [],
    ...(group.icon === null ? {} : { icon: group.icon }),
  };
}
