import type { components } from '@quire/contract';
import type { InviteLinkRecord } from '../store/invite-links.js';
import type { Urls } from './urls.js';

type InviteLink = components['schemas']['InviteLink'];

/** An invite link as its organization's admins see it. */
export function presentInviteLink(link: InviteLinkRecord, urls: Urls): InviteLink {
  return {
    object: 'organization-invite',
    id: link.id,
    role: link.role,
    ...(link.expiresAt === null ? {} : { expiresAt: link.expiresAt }),
    createdAt: link.createdAt,
    urls: {
      location: urls.api('orgs', link.organizationId, 'link-invites', link.id),
      join: urls.api('orgs', link.organizationId, 'invites', link.id),
      app: urls.app('invite', link.organizationId, link.id),
    },
  };
}
