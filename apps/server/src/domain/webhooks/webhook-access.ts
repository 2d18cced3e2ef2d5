import { notFound } from '../../errors.js';
import { requireOrganizationRole } from '../../policies/organization-policy.js';
import type { OrganizationRecord } from '../../store/organizations.js';
import type { Executor } from '../../store/schema.js';
import { findWebhook, type WebhookRecord } from '../../store/webhooks.js';
import type { Actor } from '../actor.js';
import { loadOrganizationForMember } from '../organizations/organization-access.js';

/**
 * Loads an organization whose webhooks the caller administers: webhooks see every event of the
 * organization, so only its admins do.
 */
export async function loadOrganizationForWebhooks(
  db: Executor,
  actor: Actor,
  organizationId: string,
): Promise<OrganizationRecord> {
  const { organization, role } = await loadOrganizationForMember(db, actor, organizationId);
  requireOrganizationRole(role, 'admin', 'manage webhooks');
  return organization;
}

/** Loads a webhook of an organization whose webhooks the caller administers. */
export async function loadWebhook(
  db: Executor,
  actor: Actor,
  organizationId: string,
  webhookId: string,
): Promise<WebhookRecord> {
  const organization = await loadOrganizationForWebhooks(db, actor, organizationId);
  const webhook = await findWebhook(db, organization.id, webhookId);
  if (webhook === undefined) throw notFound(`Webhook ${webhookId} not found`);
  return webhook;
}
