import { randomUUID } from 'node:crypto';
import type { ContentInstallationRecord } from '../../store/integration-content-installations.js';
import type { InstallationRecord } from '../../store/integration-installations.js';
import type { IntegrationRecord } from '../../store/integrations.js';
import type { SecretSealer } from '../instance/sealed-secrets.js';

/** GitBook's `ContentComputeDocumentEvent`, with the seed the computation was asked with. */
export interface ContentComputeDocumentEvent {
  eventId: string;
  type: 'content_compute_document';
  installationId: string;
  spaceId: string;
  sourceId: string;
  props: Record<string, unknown>;
  dependencies: Record<string, unknown>;
  seed?: string;
}

/** Where the event is computed: the integration, its installation and, if any, on the space. */
export interface ComputeTarget {
  integration: IntegrationRecord;
  installation: InstallationRecord;
  /** The installation's settings on the space; none when it reaches every space. */
  spaceInstallation: ContentInstallationRecord | undefined;
  spaceId: string;
}

/** The event of one computation of a page's document by a content source. */
export function contentComputeDocumentEvent(
  target: ComputeTarget,
  input: {
    sourceId: string;
    props: Record<string, unknown>;
    dependencies: Record<string, unknown>;
    seed: string | undefined;
  },
): ContentComputeDocumentEvent {
  return {
    eventId: randomUUID(),
    type: 'content_compute_document',
    installationId: target.installation.id,
    spaceId: target.spaceId,
    sourceId: input.sourceId,
    props: input.props,
    dependencies: input.dependencies,
    ...(input.seed === undefined ? {} : { seed: input.seed }),
  };
}

/**
 * The `IntegrationEnvironment` the script's context is made from (`@gitbook/runtime` reads it
 * from the event's `environment` field): the integration, its installation and space
 * installation with their configurations, and the integration's secrets, opened. Quire hands
 * integrations no API tokens, so `apiTokens` are empty: a script reads what its event carries.
 */
export function integrationEnvironment(
  target: ComputeTarget,
  apiEndpoint: string,
  secrets: SecretSealer,
): Record<string, unknown> {
  const { integration, installation, spaceInstallation } = target;
  return {
    apiEndpoint,
    apiTokens: { integration: '' },
    integration: {
      object: 'integration',
      name: integration.name,
      title: integration.title,
      version: integration.version,
      runtime: integration.runtime,
      scopes: integration.scopes,
      owner: integration.organizationId,
    },
    installation: {
      object: 'integration-installation',
      id: installation.id,
      integration: integration.name,
      status: 'active',
      space_selection: installation.spaceSelection,
      site_selection: installation.siteSelection,
      target: { organization: installation.organizationId },
      configuration: installation.configuration,
      externalIds: installation.externalIds,
      createdAt: installation.createdAt,
      updatedAt: installation.updatedAt,
    },
    ...(spaceInstallation === undefined
      ? {}
      : {
          spaceInstallation: {
            integration: integration.name,
            installation: installation.id,
            space: spaceInstallation.targetId,
            status: 'active',
            configuration: spaceInstallation.configuration,
            externalIds: spaceInstallation.externalIds,
            createdAt: spaceInstallation.createdAt,
            updatedAt: spaceInstallation.updatedAt,
          },
        }),
    secrets:
      integration.sealedSecrets === null ? {} : JSON.parse(secrets.open(integration.sealedSecrets)),
    signingSecrets: { integration: '' },
  };
}
