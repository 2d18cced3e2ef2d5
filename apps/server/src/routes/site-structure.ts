import {
  addSectionToGroup,
  createSectionGroup,
  moveSectionGroup,
  removeSectionFromGroup,
  removeSectionGroup,
  updateSectionGroupSettings,
} from '../domain/sites/section-groups.js';
import {
  createSection,
  moveSection,
  removeSection,
  updateSectionSettings,
} from '../domain/sites/sections.js';
import { loadSiteForMember } from '../domain/sites/site-access.js';
import type { Placement } from '../domain/sites/site-structure.js';
import type { HandlerTable } from '../http/handler.js';
import { presentList } from '../presenters/list.js';
import { presentSection, presentSectionGroup } from '../presenters/site-structure.js';
import { arrayPage } from '../store/pagination.js';
import { pageRequest } from './page-request.js';
import { loadSiteToChange, structureView } from './site-views.js';

type SiteStructureHandlers = Pick<
  HandlerTable,
  | 'listSiteSections'
  | 'addSectionToSite'
  | 'updateSiteSectionById'
  | 'deleteSiteSectionById'
  | 'moveSiteSection'
  | 'listSiteSectionGroups'
  | 'addSectionGroupToSite'
  | 'updateSiteSectionGroupById'
  | 'deleteSiteSectionGroupById'
  | 'addSiteSectionToGroup'
  | 'removeSiteSectionFromGroup'
  | 'moveSiteSectionGroup'
>;

/** A move's `position` as a placement next to one item. */
export function placementOf(position: {
  before?: { siteSection?: string; siteSpace?: string; id?: string };
  after?: { siteSection?: string; siteSpace?: string; id?: string };
}): Placement {
  const side = position.before === undefined ? 'after' : 'before';
  const pointer = position.before ?? position.after;
  return { side, anchorId: pointer?.siteSection ?? pointer?.siteSpace ?? pointer?.id ?? '' };
}

/** Handlers of a site's sections and section groups. */
export const siteStructureHandlers: SiteStructureHandlers = {
  listSiteSections: async ({ params, query, actor, services }) => {
    const { site, role } = await loadSiteForMember(
      services.db,
      actor,
      params.organizationId,
      params.siteId,
    );
    const view = await structureView(services.db, services, site, role, query.shareKey);
    const keys = view.structure.sortKeys;
    const page = arrayPage(
      view.structure.sections,
      (item) => keys.get(item.id) ?? item.id,
      pageRequest(query),
    );
    return { status: 200, body: presentList(page, (section) => presentSection(section, view)) };
  },

  addSectionToSite: async ({ params, body, actor, services }) => {
    const { site, role } = await loadSiteToChange(services, actor, params);
    const section = await createSection(services.db, actor, site, body, services.clock.now());
    const view = await structureView(services.db, services, site, role);
    return { status: 200, body: presentSection(section, view) };
  },

  updateSiteSectionById: async ({ params, body, actor, services }) => {
    const { site, role } = await loadSiteToChange(services, actor, params);
    const section = await updateSectionSettings(
      services.db,
      actor,
      site,
      params.siteSectionId,
      body,
      services.clock.now(),
    );
    return {
      status: 200,
      body: presentSection(section, await structureView(services.db, services, site, role)),
    };
  },

  deleteSiteSectionById: async ({ params, actor, services }) => {
    const { site } = await loadSiteToChange(services, actor, params);
    await removeSection(services.db, actor, site, params.siteSectionId, services.clock.now());
    return { status: 204 };
  },

  moveSiteSection: async ({ params, body, actor, services }) => {
    const { site, role } = await loadSiteToChange(services, actor, params);
    const section = await moveSection(
      services.db,
      actor,
      site,
      params.siteSectionId,
      placementOf(body.position),
      services.clock.now(),
    );
    return {
      status: 200,
      body: presentSection(section, await structureView(services.db, services, site, role)),
    };
  },

  listSiteSectionGroups: async ({ params, query, actor, services }) => {
    const { site, role } = await loadSiteForMember(
      services.db,
      actor,
      params.organizationId,
      params.siteId,
    );
    const view = await structureView(services.db, services, site, role);
    const keys = view.structure.sortKeys;
    const page = arrayPage(
      view.structure.groups,
      (item) => keys.get(item.id) ?? item.id,
      pageRequest(query),
    );
    return { status: 200, body: presentList(page, (group) => presentSectionGroup(group, view)) };
  },

  addSectionGroupToSite: async ({ params, body, actor, services }) => {
    const { site, role } = await loadSiteToChange(services, actor, params);
    const group = await createSectionGroup(services.db, actor, site, body, services.clock.now());
    return {
      status: 200,
      body: presentSectionGroup(group, await structureView(services.db, services, site, role)),
    };
  },

  updateSiteSectionGroupById: async ({ params, body, actor, services }) => {
    const { site, role } = await loadSiteToChange(services, actor, params);
    const group = await updateSectionGroupSettings(
      services.db,
      actor,
      site,
      params.siteSectionGroupId,
      body,
      services.clock.now(),
    );
    return {
      status: 200,
      body: presentSectionGroup(group, await structureView(services.db, services, site, role)),
    };
  },

  deleteSiteSectionGroupById: async ({ params, actor, services }) => {
    const { site } = await loadSiteToChange(services, actor, params);
    await removeSectionGroup(
      services.db,
      actor,
      site,
      params.siteSectionGroupId,
      services.clock.now(),
    );
    return { status: 204 };
  },

  addSiteSectionToGroup: async ({ params, body, actor, services }) => {
    const { site, role } = await loadSiteToChange(services, actor, params);
    const group = await addSectionToGroup(
      services.db,
      actor,
      site,
      params.siteSectionGroupId,
      body.sectionId,
      services.clock.now(),
    );
    return {
      status: 200,
      body: presentSectionGroup(group, await structureView(services.db, services, site, role)),
    };
  },

  removeSiteSectionFromGroup: async ({ params, actor, services }) => {
    const { site } = await loadSiteToChange(services, actor, params);
    await removeSectionFromGroup(
      services.db,
      actor,
      site,
      params.siteSectionGroupId,
      params.siteSectionId,
      services.clock.now(),
    );
    return { status: 204 };
  },

  moveSiteSectionGroup: async ({ params, body, actor, services }) => {
    const { site, role } = await loadSiteToChange(services, actor, params);
    const group = await moveSectionGroup(
      services.db,
      actor,
      site,
      params.siteSectionGroupId,
      placementOf(body.position),
      services.clock.now(),
    );
    return {
      status: 200,
      body: presentSectionGroup(group, await structureView(services.db, services, site, role)),
    };
  },
};
