import type { Kysely } from 'kysely';
import { invalid, notFound } from '../../errors.js';
import {
  type ContentInstallationRecord,
  type ContentKind,
  deleteContentInstallation,
  findContentInstallation,
  insertContentInstallation,
  replaceContentInstallation,
} from '../../store/integration-content-installations.js';
import type { InstallationRecord } from '../../store/integration-installations.js';
import type { IntegrationRecord } from '../../store/integrations.js';
import type { Database, Executor } from '../../store/schema.js';
import { findSiteById } from '../../store/sites.js';
import { findSpaceById } from '../../store/spaces.js';
import type { Actor } from '../actor.js';
import { conflictOnDuplicate } from '../unique-writes.js';
import { checkConfiguration } from './configuration-schema.js';
import { changedFields, recordInstallationEvent } from './installation-events.js';

/**
 * Installs on a space or site of the installation's organization (another's, or none, is a
 * 404), when the integration's `target` allows that kind (else a 400); twice is a 409.
 */
export async function installOnContent(
  db: Kysely<Database>,
  actor: Actor,
  integration: IntegrationRecord,
  installation: InstallationRecord,
  kind: ContentKind,
  targetId: string,
  now: Date,
): Promise<ContentInstallationRecord> {
  if (integration.target !== 'all' && integration.target !== kind) {
    throw invalid(
      `Integration ${integration.name} installs on ${integration.target === 'organization' ? 'organizations' : `${integration.target}s`} only, not on ${kind}s`,
    );
  }
  await requireContentOf(db, installation, kind, targetId);
  const record: ContentInstallationRecord = {
    installationId: installation.id,
    kind,
    targetId,
    configuration: {},
    externalIds: [],
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
  };
  return conflictOnDuplicate(
    () =>
      db.transaction().execute(async (trx) => {
        await insertContentInstallation(trx, record);
        await recordInstallationEvent(
          trx,
          actor,
          installation,
          `integration_installation.${kind}_added`,
          now,
          {
            [kind]: targetId,
          },
        );
        return record;
      }),
    `It is already installed on ${kind} ${targetId}`,
  );
}

/** The installation on this space or site, or a 404. */
export async function loadContentInstallation(
  db: Executor,
  installation: InstallationRecord,
  kind: ContentKind,
  targetId: string,
): Promise<ContentInstallationRecord> {
  const record = await findContentInstallation(db, kind, installation.id, targetId);
  if (record === undefined)
    throw notFound(`Installation ${installation.id} is not on ${kind} ${targetId}`);
  return record;
}

/** Applies changes; a configuration must be valid against the integration's schema for the kind. */
export function updateContentInstallation(
  db: Kysely<Database>,
  actor: Actor,
  integration: IntegrationRecord,
  installation: InstallationRecord,
  record: ContentInstallationRecord,
  changes: {
    configuration?: Record<string, unknown> | undefined;
    externalIds?: string[] | undefined;
  },
  now: Date,
): Promise<ContentInstallationRecord> {
  if (changes.configuration !== undefined) {
    checkConfiguration(integration.configurations[record.kind], changes.configuration, record.kind);
  }
  const updated: ContentInstallationRecord = {
    ...record,
    configuration: changes.configuration ?? record.configuration,
    externalIds: changes.externalIds ?? record.externalIds,
    updatedAt: now.toISOString(),
  };
  return db.transaction().execute(async (trx) => {
    await replaceContentInstallation(trx, updated);
    await recordInstallationEvent(
      trx,
      actor,
      installation,
      `integration_installation.${record.kind}_updated`,
      now,
      {
        [record.kind]: record.targetId,
        fields: changedFields(changes),
      },
    );
    return updated;
  });
}

/** Removes the installation from a space or site. */
export function uninstallFromContent(
  db: Kysely<Database>,
  actor: Actor,
  installation: InstallationRecord,
  record: ContentInstallationRecord,
  now: Date,
): Promise<void> {
  return db.transaction().execute(async (trx) => {
    await deleteContentInstallation(trx, record);
    await recordInstallationEvent(
      trx,
      actor,
      installation,
      `integration_installation.${record.kind}_removed`,
      now,
      {
        [record.kind]: record.targetId,
      },
    );
  });
}

async function requireContentOf(
  db: Executor,
  installation: InstallationRecord,
  kind: ContentKind,
  targetId: string,
): Promise<void> {
  const found =
    kind === 'space' ? await findSpaceById(db, targetId) : await findSiteById(db, targetId);
  const live = found !== undefined && !('deletedAt' in found && found.deletedAt !== null);
  if (!live || found.organizationId !== installation.organizationId) {
    throw notFound(`No ${kind} ${targetId} in the organization the integration is installed on`);
  }
}
