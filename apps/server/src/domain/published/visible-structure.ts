import { evaluateCondition, type VisitorClaims } from '../sites/conditions.js';
import { liveStructure, type SiteStructure, type TopLevelItem } from '../sites/site-structure.js';

/**
 * What a visitor sees of a site: its live structure without the sections and site spaces whose
 * `condition` is false for them (nor the site spaces of a section they do not see, nor a group
 * left without sections).
 */
export function visibleStructure(structure: SiteStructure, visitor: VisitorClaims): SiteStructure {
  const live = liveStructure(structure);
  const shown = (item: { condition: string | null }) =>
    item.condition === null || evaluateCondition(item.condition, visitor);
  const sections = live.sections.filter(shown);
  const sectionIds = new Set(sections.map((section) => section.id));
  const topLevel = live.topLevel.flatMap((item): TopLevelItem[] => {
    if (item.kind === 'section') return sectionIds.has(item.section.id) ? [item] : [];
    const inGroup = item.sections.filter((section) => sectionIds.has(section.id));
    return inGroup.length === 0 ? [] : [{ ...item, sections: inGroup }];
  });
  const groupIds = new Set(
    topLevel.flatMap((item) => (item.kind === 'group' ? [item.group.id] : [])),
  );
  return {
    ...live,
    topLevel,
    groups: live.groups.filter((group) => groupIds.has(group.id)),
    sections,
    siteSpaces: live.siteSpaces.filter(
      (siteSpace) =>
        shown(siteSpace) && (siteSpace.sectionId === null || sectionIds.has(siteSpace.sectionId)),
    ),
  };
}
