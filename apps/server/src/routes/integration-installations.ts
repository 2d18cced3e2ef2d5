import type { Actor } from '../domain/actor.js';
import {
  installOnContent,
  loadContentInstallation,
  uninstallFromContent,
  updateContentInstallation,
} from '../domain/integrations/content-installations.js';
import {
  installIntegration,
  loadInstallation,
  requireInstallationAdmin,
  uninstallIntegration,
  updateInstallation,
} from '../domain/integrations/installations.js';
import {
  administersIntegration,
  type CallerRoles,
  callerRoles,
  loadVisibleIntegration,
} from '../domain/integrations/integration-access.js';
import type { HandlerTable } from '../http/handler.js';
import {
  presentInstallation,
  presentSiteInstallation,
  presentSpaceInstallation,
} from '../presenters/integration-installation.js';
import { presentList } from '../presenters/list.js';
import type { AppServices } from '../services/app-services.js';
import {
  findContentInstallation,
  listContentInstallations,
} from '../store/integration-content-installations.js';
import {
  countContentInstallations,
  findInstallation,
  type InstallationRecord,
  listInstallations,
} from '../store/integration-installations.js';
import type { IntegrationRecord } from '../store/integrations.js';
import { pageRequest } from './page-request.js';

type InstallationHandlers = Pick<
  HandlerTable,
  | 'listIntegrationInstallations'
  | 'installIntegration'
  | 'getIntegrationInstallationById'
  | 'updateIntegrationInstallation'
  | 'uninstallIntegration'
  | 'listIntegrationInstallationSpaces'
  | 'installIntegrationOnSpace'
  | 'getIntegrationSpaceInstallation'
  | 'updateIntegrationSpaceInstallation'
  | 'uninstallIntegrationFromSpace'
  | 'listIntegrationInstallationSites'
  | 'installIntegrationOnSite'
  | 'getIntegrationSiteInstallation'
  | 'updateIntegrationSiteInstallation'
  | 'uninstallIntegrationFromSite'
>;

interface Loaded {
  roles: CallerRoles;
  integration: IntegrationRecord;
  installation: InstallationRecord;
}

/** The integration the caller sees, and its installation they may see (else 404). */
async function loadForCaller(
  services: AppServices,
  actor: Actor,
  params: { integrationName: string; installationId: string },
): Promise<Loaded> {
  const roles = await callerRoles(services.db, actor);
  const { integration } = await loadVisibleIntegration(services.db, roles, params.integrationName);
  const installation = await loadInstallation(
    services.db,
    roles,
    integration,
    params.installationId,
  );
  return { roles, integration, installation };
}

/** The same, for a change: the caller must administer the installation's organization. */
async function loadToChange(
  services: AppServices,
  actor: Actor,
  params: { integrationName: string; installationId: string },
): Promise<Loaded> {
  const loaded = await loadForCaller(services, actor, params);
  requireInstallationAdmin(loaded.roles, loaded.installation);
  return loaded;
}

/** The same for a removal, which answers 204 when the installation is not there. */
async function loadToRemove(
  services: AppServices,
  actor: Actor,
  params: { integrationName: string; installationId: string },
): Promise<Loaded | undefined> {
  const roles = await callerRoles(services.db, actor);
  const { integration } = await loadVisibleIntegration(services.db, roles, params.integrationName);
  if (
    (await findInstallation(services.db, integration.name, params.installationId)) === undefined
  ) {
    return undefined;
  }
  const installation = await loadInstallation(
    services.db,
    roles,
    integration,
    params.installationId,
  );
  requireInstallationAdmin(roles, installation);
  return { roles, integration, installation };
}

async function presentWithCounts(services: AppServices, installation: InstallationRecord) {
  return presentInstallation(
    installation,
    await countContentInstallations(services.db, installation.id),
    services.urls,
  );
}

/**
 * Handlers of installations: admins of an organization install integrations on it and on its
 * spaces and sites; they, and admins of the integration's organization, read them.
 */
export const installationHandlers: InstallationHandlers = {
  listIntegrationInstallations: async ({ params, query, actor, services }) => {
    const roles = await callerRoles(services.db, actor);
    const { integration } = await loadVisibleIntegration(
      services.db,
      roles,
      params.integrationName,
    );
    const administered = [...roles].flatMap(([id, role]) => (role === 'admin' ? [id] : []));
    const page = await listInstallations(
      services.db,
      integration.name,
      {
        organizations: administersIntegration(integration, roles) ? undefined : administered,
        externalId: query.externalId,
      },
      pageRequest(query),
    );
    const items = [];
    for (const installation of page.items)
      items.push(await presentWithCounts(services, installation));
    return { status: 200, body: presentList({ ...page, items }, (item) => item) };
  },

  installIntegration: async ({ params, body, actor, services }) => {
    const roles = await callerRoles(services.db, actor);
    const { integration } = await loadVisibleIntegration(
      services.db,
      roles,
      params.integrationName,
    );
    const installation = await installIntegration(
      services.db,
      actor,
      roles,
      integration,
      body.organization,
      services.clock.now(),
    );
    const answer = presentInstallation(installation, { spaces: 0, sites: 0 }, services.urls);
    return { status: 201, body: answer, headers: { Location: answer.urls.location } };
  },

  getIntegrationInstallationById: async ({ params, actor, services }) => {
    const { installation } = await loadForCaller(services, actor, params);
    return { status: 200, body: await presentWithCounts(services, installation) };
  },

  updateIntegrationInstallation: async ({ params, body, actor, services }) => {
    const { integration, installation } = await loadToChange(services, actor, params);
    const updated = await updateInstallation(
      services.db,
      actor,
      integration,
      installation,
      body,
      services.clock.now(),
    );
    return { status: 200, body: await presentWithCounts(services, updated) };
  },

  uninstallIntegration: async ({ params, actor, services }) => {
    const loaded = await loadToRemove(services, actor, params);
    if (loaded !== undefined)
      await uninstallIntegration(services.db, actor, loaded.installation, services.clock.now());
    return { status: 204 };
  },

  listIntegrationInstallationSpaces: async ({ params, query, actor, services }) => {
    const { installation } = await loadForCaller(services, actor, params);
    const page = await listContentInstallations(
      services.db,
      'space',
      installation.id,
      pageRequest(query),
    );
    return {
      status: 200,
      body: presentList(page, (record) =>
        presentSpaceInstallation(installation, record, services.urls),
      ),
    };
  },

  installIntegrationOnSpace: async ({ params, body, actor, services }) => {
    const { integration, installation } = await loadToChange(services, actor, params);
    const record = await installOnContent(
      services.db,
      actor,
      integration,
      installation,
      'space',
      body.space,
      services.clock.now(),
    );
    const answer = presentSpaceInstallation(installation, record, services.urls);
    return { status: 201, body: answer, headers: { Location: answer.urls.location } };
  },

  getIntegrationSpaceInstallation: async ({ params, actor, services }) => {
    const { installation } = await loadForCaller(services, actor, params);
    const record = await loadContentInstallation(
      services.db,
      installation,
      'space',
      params.spaceId,
    );
    return { status: 200, body: presentSpaceInstallation(installation, record, services.urls) };
  },

  updateIntegrationSpaceInstallation: async ({ params, body, actor, services }) => {
    const { integration, installation } = await loadToChange(services, actor, params);
    const record = await loadContentInstallation(
      services.db,
      installation,
      'space',
      params.spaceId,
    );
    const updated = await updateContentInstallation(
      services.db,
      actor,
      integration,
      installation,
      record,
      body,
      services.clock.now(),
    );
    return { status: 200, body: presentSpaceInstallation(installation, updated, services.urls) };
  },

  uninstallIntegrationFromSpace: async ({ params, actor, services }) => {
    const { installation } = await loadToChange(services, actor, params);
    const record = await findContentInstallation(
      services.db,
      'space',
      installation.id,
      params.spaceId,
    );
    if (record !== undefined)
      await uninstallFromContent(services.db, actor, installation, record, services.clock.now());
    return { status: 204 };
  },

  listIntegrationInstallationSites: async ({ params, query, actor, services }) => {
    const { installation } = await loadForCaller(services, actor, params);
    const page = await listContentInstallations(
      services.db,
      'site',
      installation.id,
      pageRequest(query),
    );
    return {
      status: 200,
      body: presentList(page, (record) =>
        presentSiteInstallation(installation, record, services.urls),
      ),
    };
  },

  installIntegrationOnSite: async ({ params, body, actor, services }) => {
    const { integration, installation } = await loadToChange(services, actor, params);
    const record = await installOnContent(
      services.db,
      actor,
      integration,
      installation,
      'site',
      body.siteId,
      services.clock.now(),
    );
    const answer = presentSiteInstallation(installation, record, services.urls);
    return { status: 201, body: answer, headers: { Location: answer.urls.location } };
  },

  getIntegrationSiteInstallation: async ({ params, actor, services }) => {
    const { installation } = await loadForCaller(services, actor, params);
    const record = await loadContentInstallation(services.db, installation, 'site', params.siteId);
    return { status: 200, body: presentSiteInstallation(installation, record, services.urls) };
  },

  updateIntegrationSiteInstallation: async ({ params, body, actor, services }) => {
    const { integration, installation } = await loadToChange(services, actor, params);
    const record = await loadContentInstallation(services.db, installation, 'site', params.siteId);
    const updated = await updateContentInstallation(
      services.db,
      actor,
      integration,
      installation,
      record,
      body,
      services.clock.now(),
    );
    return { status: 200, body: presentSiteInstallation(installation, updated, services.urls) };
  },

  uninstallIntegrationFromSite: async ({ params, actor, services }) => {
    const { installation } = await loadToChange(services, actor, params);
    const record = await findContentInstallation(
      services.db,
      'site',
      installation.id,
      params.siteId,
    );
    if (record !== undefined)
      await uninstallFromContent(services.db, actor, installation, record, services.clock.now());
    return { status: 204 };
  },
};
