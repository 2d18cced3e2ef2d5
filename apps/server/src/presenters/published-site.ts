import type { components } from '@quire/contract';
import {
  type AppliedCustomization,
  appliedCustomization,
} from '../domain/sites/customization-defaults.js';
import { parseCustomization } from '../domain/sites/site-settings.js';
import { liveStructure } from '../domain/sites/site-structure.js';
import {
  presentSection,
  presentSectionGroup,
  presentSiteSpace,
  type StructureView,
} from './site-structure.js';

type Schemas = components['schemas'];

/**
 * The published profile of a site: the site, its live structure in reading order (its sections
 * and groups, or the site spaces of a site without sections; drafts left out) and its
 * customizations.
 */
export function presentPublishedSite(
  site: Schemas['Site'],
  fullView: StructureView,
): Schemas['PublishedContentSite'] {
  const view = { ...fullView, structure: liveStructure(fullView.structure) };
  const { structure } = view;
  const ofSite = parseCustomization(structure.site.customization);
  // Every live site space has its entry, as GitBook answers: the site's customization with the
  // site space's own applied over it.
  const siteSpaces: Record<string, AppliedCustomization> = {};
  for (const siteSpace of structure.siteSpaces) {
    siteSpaces[siteSpace.id] =
      siteSpace.customization === null
        ? appliedCustomization(ofSite)
        : appliedCustomization(ofSite, parseCustomization(siteSpace.customization));
  }
  return {
    object: 'published-content-site',
    site,
    structure:
      structure.sections.length > 0
        ? {
            type: 'sections',
            structure: structure.topLevel.map((item) =>
              item.kind === 'section'
                ? presentSection(item.section, view)
                : presentSectionGroup(item.group, view),
            ),
          }
        : {
            type: 'siteSpaces',
            structure: structure.siteSpaces.map((siteSpace) => presentSiteSpace(siteSpace, view)),
          },
    customizations: { site: appliedCustomization(ofSite), siteSpaces },
    scripts: [],
  };
}
