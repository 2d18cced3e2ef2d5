import type { components } from '@quire/contract';
import type { Kysely } from 'kysely';
import { conflict } from '../../errors.js';
import type { BlobStore } from '../../store/blobs/blob-store.js';
import {
  deleteIntegration,
  findIntegration,
  type IntegrationRecord,
  insertIntegration,
  replaceIntegration,
} from '../../store/integrations.js';
import type { OrganizationRecord } from '../../store/organizations.js';
import type { Database, Executor } from '../../store/schema.js';
import type { Actor } from '../actor.js';
import { recordEvent } from '../events/record-event.js';
import type { SecretSealer } from '../instance/sealed-secrets.js';
import { conflictOnDuplicate } from '../unique-writes.js';
import { checkConfigurationSchemas } from './configuration-schema.js';
import { administersIntegration, type CallerRoles } from './integration-access.js';
import { storeImage } from './integration-images.js';

type PublishBody = components['schemas']['PublishIntegration'];

/** What publishing needs besides the database: where images go, and what seals secrets. */
export interface PublishServices {
  blobs: BlobStore;
  secrets: SecretSealer;
}

/**
 * Publishes an integration under `owner`, which the caller administers: the first time at
 * version 1, then each time one more, replacing the whole definition. Images are stored first
 * (blobs are content-addressed, so a refused publish leaves only unreferenced bytes), then the
 * row is written in one transaction with its `integration.published` event. A name another
 * organization published is a 409. Secrets are sealed before they reach the row and never go in
 * the event.
 */
export async function publishIntegration(
  db: Kysely<Database>,
  services: PublishServices,
  actor: Actor,
  owner: OrganizationRecord,
  name: string,
  body: PublishBody,
  now: Date,
): Promise<IntegrationRecord> {
  const configurations = body.configurations ?? {};
  checkConfigurationSchemas(configurations);
  const icon =
    body.icon === undefined ? null : await storeImage(services.blobs, body.icon, 'icon', 'icon');
  const previewImages = [];
  for (const [index, image] of (body.previewImages ?? []).entries()) {
    previewImages.push(
      await storeImage(services.blobs, image, 'preview', `previewImages[${index}]`),
    );
  }
  const secrets = body.secrets ?? {};
  const blocks = body.blocks ?? [];
  const definition = {
    name,
    organizationId: owner.id,
    title: body.title,
    description: body.description,
    summary: body.summary ?? null,
    runtime: body.runtime ?? 'v1',
    visibility: body.visibility ?? 'private',
    target: body.target ?? 'all',
    scopes: [...new Set(body.scopes)],
    categories: [...new Set(body.categories ?? [])],
    blocks,
    blockDomains: blockDomainsOf(blocks),
    contentSources: body.contentSources ?? [],
    configurations,
    externalLinks: body.externalLinks ?? [],
    contentSecurityPolicy: body.contentSecurityPolicy ?? null,
    icon,
    previewImages,
    script: body.script,
    sealedSecrets:
      Object.keys(secrets).length === 0 ? null : services.secrets.seal(JSON.stringify(secrets)),
    updatedAt: now.toISOString(),
  } satisfies Omit<IntegrationRecord, 'version' | 'createdAt'>;
  return conflictOnDuplicate(
    () =>
      db.transaction().execute(async (trx) => {
        const existing = await findIntegration(trx, name);
        if (existing !== undefined && existing.organizationId !== owner.id) {
          throw conflict(`The name ${name} is taken by an integration of another organization`);
        }
        const integration: IntegrationRecord = {
          ...definition,
          version: (existing?.version ?? 0) + 1,
          createdAt: existing?.createdAt ?? now.toISOString(),
        };
        if (existing === undefined) await insertIntegration(trx, integration);
        else if (!(await replaceIntegration(trx, integration))) {
          throw conflict(`Integration ${name} was published at the same time; publish again`);
        }
        await recordIntegrationEvent(trx, actor, integration, 'integration.published', now);
        return integration;
      }),
    `Integration ${name} was published at the same time; publish again`,
  );
}

/** Removes an integration, and so every installation of it, with its event. */
export function unpublishIntegration(
  db: Kysely<Database>,
  actor: Actor,
  integration: IntegrationRecord,
  now: Date,
): Promise<void> {
  return db.transaction().execute(async (trx) => {
    await deleteIntegration(trx, integration.name);
    await recordIntegrationEvent(trx, actor, integration, 'integration.unpublished', now);
  });
}

/** Whether the caller may unpublish or republish it. */
export function mayChangeIntegration(integration: IntegrationRecord, roles: CallerRoles): boolean {
  return administersIntegration(integration, roles);
}

/**
 * The hosts the blocks unfurl, lower-cased, each with its parent domains (`www.figma.com` gives
 * `figma.com` too), so `blockDomain=figma.com` finds it. A leading `*.` is a wildcard.
 */
function blockDomainsOf(blocks: PublishBody['blocks']): string[] {
  const domains = new Set<string>();
  for (const pattern of (blocks ?? []).flatMap((block) => block.urlUnfurl ?? [])) {
    const host = /^[a-z][a-z0-9+.-]*:\/\/([^/?#:]+)/i.exec(pattern)?.[1]?.toLowerCase();
    if (host === undefined) continue;
    const labels = host.replace(/^\*\./, '').split('.');
    for (let start = 0; start <= labels.length - 2; start += 1) {
      domains.add(labels.slice(start).join('.'));
    }
  }
  return [...domains].sort();
}

async function recordIntegrationEvent(
  trx: Executor,
  actor: Actor,
  integration: IntegrationRecord,
  action: 'integration.published' | 'integration.unpublished',
  now: Date,
): Promise<void> {
  await recordEvent(
    trx,
    actor,
    {
      action,
      organizationId: integration.organizationId,
      target: { type: 'integration', id: integration.name, label: integration.title },
      // What changed in a few fields: never the script, the secrets or their names.
      payload: {
        version: integration.version,
        visibility: integration.visibility,
        target: integration.target,
      },
    },
    now,
  );
}
