import type { components } from '@quire/contract';
import type { MemberRole } from '../model/roles.js';
import type { IntegrationRecord, StoredImage } from '../store/integrations.js';
import type { OrganizationRecord } from '../store/organizations.js';
import { presentOrganization } from './organization.js';
import type { Urls } from './urls.js';

/** What presenting an integration needs beyond the row: who asks, and how images are linked. */
export interface IntegrationView {
  owner: OrganizationRecord;
  /** The caller's role in the owner organization. */
  ownerRole: MemberRole | null;
  /** Whether the caller may install it somewhere. */
  install: boolean;
  /** A signed download URL of a stored image. */
  imageUrl: (image: StoredImage, name: string) => string;
  urls: Urls;
}

/**
 * A stored integration as the API shows it. The script and the secrets stay out: the script is
 * what the integration runs, the secrets are never answered to anyone.
 */
export function presentIntegration(
  integration: IntegrationRecord,
  view: IntegrationView,
): components['schemas']['Integration'] {
  const { urls, imageUrl } = view;
  const app = urls.app('integrations', integration.name);
  return {
    object: 'integration',
    name: integration.name,
    version: integration.version,
    title: integration.title,
    description: integration.description,
    ...(integration.summary === null ? {} : { summary: integration.summary }),
    previewImages: integration.previewImages.map((image, index) =>
      imageUrl(image, `${integration.name}-preview-${index + 1}`),
    ),
    target: integration.target,
    verified: false,
    visibility: integration.visibility,
    scopes: integration.scopes,
    categories: integration.categories,
    blocks: integration.blocks,
    contentSources: integration.contentSources,
    configurations: integration.configurations,
    externalLinks: integration.externalLinks,
    owner: presentOrganization(view.owner, view.ownerRole, urls),
    ...(integration.contentSecurityPolicy === null
      ? {}
      : { contentSecurityPolicy: integration.contentSecurityPolicy }),
    createdAt: integration.createdAt,
    updatedAt: integration.updatedAt,
    urls: {
      location: urls.api('integrations', integration.name),
      ...(integration.icon === null
        ? {}
        : { icon: imageUrl(integration.icon, `${integration.name}-icon`) }),
      app,
      assets: `${app}/assets`,
      publicEndpoint: `${app}/endpoint`,
      publicContentEndpoint: `${app}/endpoint`,
    },
    permissions: { admin: view.ownerRole === 'admin', install: view.install },
  };
}
