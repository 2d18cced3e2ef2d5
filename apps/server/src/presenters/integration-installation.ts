import type { components } from '@quire/contract';
import type { ContentInstallationRecord } from '../store/integration-content-installations.js';
import type { InstallationRecord } from '../store/integration-installations.js';
import type { Urls } from './urls.js';

type Schemas = components['schemas'];

/** An installation on an organization, with how many spaces and sites it is on. */
export function presentInstallation(
  installation: InstallationRecord,
  counts: { spaces: number; sites: number },
  urls: Urls,
): Schemas['IntegrationInstallation'] {
  const location = urls.api(
    'integrations',
    installation.integrationName,
    'installations',
    installation.id,
  );
  const endpoint = urls.app(
    'integrations',
    installation.integrationName,
    'installations',
    installation.id,
  );
  return {
    object: 'integration-installation',
    id: installation.id,
    integration: installation.integrationName,
    status: 'active',
    space_selection: installation.spaceSelection,
    site_selection: installation.siteSelection,
    spaces: counts.spaces,
    sites: counts.sites,
    configuration: installation.configuration,
    externalIds: installation.externalIds,
    target: { organization: installation.organizationId },
    createdAt: installation.createdAt,
    updatedAt: installation.updatedAt,
    urls: {
      location,
      app: urls.app(
        'orgs',
        installation.organizationId,
        'integrations',
        installation.integrationName,
      ),
      publicEndpoint: endpoint,
      publicContentEndpoint: endpoint,
    },
  };
}

function contentBase(
  installation: InstallationRecord,
  record: ContentInstallationRecord,
  urls: Urls,
) {
  const path = [
    'integrations',
    installation.integrationName,
    'installations',
    installation.id,
    `${record.kind}s`,
    record.targetId,
  ];
  return {
    integration: installation.integrationName,
    installation: installation.id,
    status: 'active' as const,
    configuration: record.configuration,
    externalIds: record.externalIds,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
    urls: {
      location: urls.api(...path),
      publicEndpoint: urls.app(...path),
      publicContentEndpoint: urls.app(...path),
    },
  };
}

/** An installation on a space. */
export function presentSpaceInstallation(
  installation: InstallationRecord,
  record: ContentInstallationRecord,
  urls: Urls,
): Schemas['IntegrationSpaceInstallation'] {
  return {
    object: 'integration-space-installation',
    ...contentBase(installation, record, urls),
    space: record.targetId,
  };
}

/** An installation on a site. */
export function presentSiteInstallation(
  installation: InstallationRecord,
  record: ContentInstallationRecord,
  urls: Urls,
): Schemas['IntegrationSiteInstallation'] {
  return {
    object: 'integration-site-installation',
    ...contentBase(installation, record, urls),
    site: record.targetId,
  };
}
