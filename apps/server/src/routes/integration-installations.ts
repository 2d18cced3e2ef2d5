import type { AppDeps } from '../deps.js';
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
  deps: AppDeps,
  actor: Actor,
  params: { integrationName: string; installationId: string },
): Promise<Loaded> {
  const roles = await callerRoles(deps.db, actor);
  const { integration } = await loadVisibleIntegration(deps.db, roles, params.integrationName);
  const installation = await loadInstallation(deps.db, roles, integration, params.installationId);
  return { roles, integration, installation };
}

/** The same, for a change: the caller must administer the installation's organization. */
async function loadToChange(
  deps: AppDeps,
  actor: Actor,
  params: { integrationName: string; installationId: string },
): Promise<Loaded> {
  const loaded = await loadForCaller(deps, actor, params);
  requireInstallationAdmin(loaded.roles, loaded.installation);
  return loaded;
}

/** The same for a removal, which answers 204 when the installation is not there. */
async function loadToRemove(
  deps: AppDeps,
  actor: Actor,
  params: { integrationName: string; installationId: string },
): Promise<Loaded | undefined> {
  const roles = await callerRoles(deps.db, actor);
  const { integration } = await loadVisibleIntegration(deps.db, roles, params.integrationName);
  if ((await findInstallation(deps.db, integration.name, params.installationId)) === undefined) {
    return undefined;
  }
  const installation = await loadInstallation(deps.db, roles, integration, params.installationId);
  requireInstallationAdmin(roles, installation);
  return { roles, integration, installation };
}

async function presentWithCounts(deps: AppDeps, installation: InstallationRecord) {
  return presentInstallation(
    installation,
    await countContentInstallations(deps.db, installation.id),
    deps.urls,
  );
}

/**
 * Handlers of installations: admins of an organization install integrations on it and on its
 * spaces and sites; they, and admins of the integration's organization, read them.
 */
export const installationHandlers: InstallationHandlers = {
  listIntegrationInstallations: async ({ params, query, actor, deps }) => {
    const roles = await callerRoles(deps.db, actor);
    const { integration } = await loadVisibleIntegration(deps.db, roles, params.integrationName);
    const administered = [...roles].flatMap(([id, role]) => (role === 'admin' ? [id] : []));
    const page = await listInstallations(
      deps.db,
      integration.name,
      {
        organizations: administersIntegration(integration, roles) ? undefined : administered,
        externalId: query.externalId,
      },
      pageRequest(query),
    );
    const items = [];
    for (const installation of page.items) items.push(await presentWithCounts(deps, installation));
    return { status: 200, body: presentList({ ...page, items }, (item) => item) };
  },

  installIntegration: async ({ params, body, actor, deps }) => {
    const roles = await callerRoles(deps.db, actor);
    const { integration } = await loadVisibleIntegration(deps.db, roles, params.integrationName);
    const installation = await installIntegration(
      deps.db,
      actor,
      roles,
      integration,
      body.organization,
      deps.clock.now(),
    );
    const answer = presentInstallation(installation, { spaces: 0, sites: 0 }, deps.urls);
    return { status: 201, body: answer, headers: { Location: answer.urls.location } };
  },

  getIntegrationInstallationById: async ({ params, actor, deps }) => {
    const { installation } = await loadForCaller(deps, actor, params);
    return { status: 200, body: await presentWithCounts(deps, installation) };
  },

  updateIntegrationInstallation: async ({ params, body, actor, deps }) => {
    const { integration, installation } = await loadToChange(deps, actor, params);
    const updated = await updateInstallation(
      deps.db,
      actor,
      integration,
      installation,
      body,
      deps.clock.now(),
    );
    return { status: 200, body: await presentWithCounts(deps, updated) };
  },

  uninstallIntegration: async ({ params, actor, deps }) => {
    const loaded = await loadToRemove(deps, actor, params);
    if (loaded !== undefined)
      await uninstallIntegration(deps.db, actor, loaded.installation, deps.clock.now());
    return { status: 204 };
  },

  listIntegrationInstallationSpaces: async ({ params, query, actor, deps }) => {
    const { installation } = await loadForCaller(deps, actor, params);
    const page = await listContentInstallations(
      deps.db,
      'space',
      installation.id,
      pageRequest(query),
    );
    return {
      status: 200,
      body: presentList(page, (record) =>
        presentSpaceInstallation(installation, record, deps.urls),
      ),
    };
  },

  installIntegrationOnSpace: async ({ params, body, actor, deps }) => {
    const { integration, installation } = await loadToChange(deps, actor, params);
    const record = await installOnContent(
      deps.db,
      actor,
      integration,
      installation,
      'space',
      body.space,
      deps.clock.now(),
    );
    const answer = presentSpaceInstallation(installation, record, deps.urls);
    return { status: 201, body: answer, headers: { Location: answer.urls.location } };
  },

  getIntegrationSpaceInstallation: async ({ params, actor, deps }) => {
    const { installation } = await loadForCaller(deps, actor, params);
    const record = await loadContentInstallation(deps.db, installation, 'space', params.spaceId);
    return { status: 200, body: presentSpaceInstallation(installation, record, deps.urls) };
  },

  updateIntegrationSpaceInstallation: async ({ params, body, actor, deps }) => {
    const { integration, installation } = await loadToChange(deps, actor, params);
    const record = await loadContentInstallation(deps.db, installation, 'space', params.spaceId);
    const updated = await updateContentInstallation(
      deps.db,
      actor,
      integration,
      installation,
      record,
      body,
      deps.clock.now(),
    );
    return { status: 200, body: presentSpaceInstallation(installation, updated, deps.urls) };
  },

  uninstallIntegrationFromSpace: async ({ params, actor, deps }) => {
    const { installation } = await loadToChange(deps, actor, params);
    const record = await findContentInstallation(deps.db, 'space', installation.id, params.spaceId);
    if (record !== undefined)
      await uninstallFromContent(deps.db, actor, installation, record, deps.clock.now());
    return { status: 204 };
  },

  listIntegrationInstallationSites: async ({ params, query, actor, deps }) => {
    const { installation } = await loadForCaller(deps, actor, params);
    const page = await listContentInstallations(
      deps.db,
      'site',
      installation.id,
      pageRequest(query),
    );
    return {
      status: 200,
      body: presentList(page, (record) => presentSiteInstallation(installation, record, deps.urls)),
    };
  },

  installIntegrationOnSite: async ({ params, body, actor, deps }) => {
    const { integration, installation } = await loadToChange(deps, actor, params);
    const record = await installOnContent(
      deps.db,
      actor,
      integration,
      installation,
      'site',
      body.siteId,
      deps.clock.now(),
    );
    const answer = presentSiteInstallation(installation, record, deps.urls);
    return { status: 201, body: answer, headers: { Location: answer.urls.location } };
  },

  getIntegrationSiteInstallation: async ({ params, actor, deps }) => {
    const { installation } = await loadForCaller(deps, actor, params);
    const record = await loadContentInstallation(deps.db, installation, 'site', params.siteId);
    return { status: 200, body: presentSiteInstallation(installation, record, deps.urls) };
  },

  updateIntegrationSiteInstallation: async ({ params, body, actor, deps }) => {
    const { integration, installation } = await loadToChange(deps, actor, params);
    const record = await loadContentInstallation(deps.db, installation, 'site', params.siteId);
    const updated = await updateContentInstallation(
      deps.db,
      actor,
      integration,
      installation,
      record,
      body,
      deps.clock.now(),
    );
    return { status: 200, body: presentSiteInstallation(installation, updated, deps.urls) };
  },

  uninstallIntegrationFromSite: async ({ params, actor, deps }) => {
    const { installation } = await loadToChange(deps, actor, params);
    const record = await findContentInstallation(deps.db, 'site', installation.id, params.siteId);
    if (record !== undefined)
      await uninstallFromContent(deps.db, actor, installation, record, deps.clock.now());
    return { status: 204 };
  },
};
