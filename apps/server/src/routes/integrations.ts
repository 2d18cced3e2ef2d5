import {
  type CallerRoles,
  callerRoles,
  loadPublishingOrganization,
  loadVisibleIntegration,
  mayInstallIntegration,
  type OwnedIntegration,
  seesIntegration,
  withOwners,
} from '../domain/integrations/integration-access.js';
import { integrationSecretsSealer } from '../domain/integrations/integration-secrets.js';
import {
  mayChangeIntegration,
  publishIntegration,
  unpublishIntegration,
} from '../domain/integrations/publish-integration.js';
import { forbidden } from '../errors.js';
import type { HandlerTable } from '../http/handler.js';
import { presentIntegration } from '../presenters/integration.js';
import { presentList } from '../presenters/list.js';
import type { AppServices } from '../services/app-services.js';
import { findIntegration, listIntegrations } from '../store/integrations.js';
import { pageRequest } from './page-request.js';

type IntegrationHandlers = Pick<
  HandlerTable,
  'listIntegrations' | 'getIntegrationByName' | 'publishIntegration' | 'unpublishIntegration'
>;

// Signed image URLs last an hour from the read that hands them out, as file URLs do.
const imageUrlLifetimeMs = 60 * 60 * 1000;

/** What integration secrets are sealed with: the server's secrets key, for this use only. */
export function integrationSecrets(services: AppServices) {
  return integrationSecretsSealer(services.keys.secretsKey);
}

/** Presents integrations for one caller: their roles, and image URLs signed for an hour. */
function integrationPresenter(services: AppServices, roles: CallerRoles) {
  const expiresAt = new Date(services.clock.now().getTime() + imageUrlLifetimeMs);
  return ({ integration, owner }: OwnedIntegration) =>
    presentIntegration(integration, {
      owner,
      ownerRole: roles.get(owner.id) ?? null,
      install: mayInstallIntegration(integration, roles),
      imageUrl: (image, name) =>
        services.fileUrls.downloadUrl(
          { sha256: image.sha256, name, contentType: image.contentType },
          expiresAt,
        ),
      urls: services.urls,
    });
}

/** Handlers of integrations: anyone lists and reads those they see, organization admins publish. */
export const integrationHandlers: IntegrationHandlers = {
  listIntegrations: async ({ query, actor, services }) => {
    const roles = await callerRoles(services.db, actor);
    const page = await listIntegrations(
      services.db,
      { ...query, memberOf: [...roles.keys()] },
      pageRequest(query),
    );
    const owned = await withOwners(services.db, page.items);
    return {
      status: 200,
      body: presentList({ ...page, items: owned }, integrationPresenter(services, roles)),
    };
  },

  getIntegrationByName: async ({ params, actor, services }) => {
    const roles = await callerRoles(services.db, actor);
    const owned = await loadVisibleIntegration(services.db, roles, params.integrationName);
    return { status: 200, body: integrationPresenter(services, roles)(owned) };
  },

  publishIntegration: async ({ params, body, actor, services }) => {
    const roles = await callerRoles(services.db, actor);
    const owner = await loadPublishingOrganization(services.db, roles, body.organization);
    const integration = await publishIntegration(
      services.db,
      { blobs: services.blobs, secrets: integrationSecrets(services) },
      actor,
      owner,
      params.integrationName,
      body,
      services.clock.now(),
    );
    return { status: 200, body: integrationPresenter(services, roles)({ integration, owner }) };
  },

  unpublishIntegration: async ({ params, actor, services }) => {
    const roles = await callerRoles(services.db, actor);
    const integration = await findIntegration(services.db, params.integrationName);
    // One the caller can't see is as good as gone for them: the same 204, nothing leaks.
    if (integration === undefined || !seesIntegration(integration, roles)) return { status: 204 };
    if (!mayChangeIntegration(integration, roles)) {
      throw forbidden(
        'Only admins of the organization that published an integration may unpublish it',
      );
    }
    await unpublishIntegration(services.db, actor, integration, services.clock.now());
    return { status: 204 };
  },
};
