import type { Kysely } from 'kysely';
import { badRequest, conflict, forbidden, notFound } from '../../errors.js';
import { newId } from '../../ids.js';
import { isUniqueViolation } from '../../store/constraint-errors.js';
import {
  type ContentInstallationRecord,
  type ContentKind,
  deleteContentInstallation,
  deleteInstallation,
  findContentInstallation,
  findInstallation,
  type InstallationRecord,
  insertContentInstallation,
  insertInstallation,
  replaceContentInstallation,
  replaceInstallation,
} from '../../store/integration-installations.js';
import type { IntegrationRecord } from '../../store/integrations.js';
import type { Database, Executor } from '../../store/schema.js';
import { findSiteById } from '../../store/sites.js';
import { findSpaceById } from '../../store/spaces.js';
import type { Actor } from '../actor.js';
import { recordEvent } from '../events/record-event.js';
import { checkConfiguration } from './configuration-schema.js';
import { administersIntegration, type CallerRoles } from './integration-access.js';

/** What an update of an installation gives; absent fields stay. */
export interface InstallationChanges {
  configuration?: Record<string, unknown> | undefined;
  externalIds?: string[] | undefined;
  space_selection?: 'all' | 'selected' | undefined;
  site_selection?: 'all' | 'selected' | undefined;
}

type InstallationAction =
  | 'integration_installation.created'
  | 'integration_installation.updated'
  | 'integration_installation.deleted'
  | 'integration_installation.space_added'
  | 'integration_installation.space_updated'
  | 'integration_installation.space_removed'
  | 'integration_installation.site_added'
  | 'integration_installation.site_updated'
  | 'integration_installation.site_removed';

/**
 * Installs the integration on an organization the caller administers (a member who is not an
 * admin gets a 403, anyone else a 404). A private integration goes only in its own organization;
 * an organization installs an integration once (a 409 after that).
 */
export async function installIntegration(
  db: Kysely<Database>,
  actor: Actor,
  roles: CallerRoles,
  integration: IntegrationRecord,
  organizationId: string,
  now: Date,
): Promise<InstallationRecord> {
  requireAdminOf(roles, organizationId);
  if (integration.visibility === 'private' && integration.organizationId !== organizationId) {
    throw forbidden(`Integration ${integration.name} is private to its own organization`);
  }
  const installation: InstallationRecord = {
    id: newId(),
    integrationName: integration.name,
    organizationId,
    spaceSelection: 'selected',
    siteSelection: 'selected',
    configuration: {},
    externalIds: [],
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
  };
  try {
    return await db.transaction().execute(async (trx) => {
      await insertInstallation(trx, installation);
      await recordInstallationEvent(
        trx,
        actor,
        installation,
        'integration_installation.created',
        now,
      );
      return installation;
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw conflict(`Integration ${integration.name} is already installed on ${organizationId}`);
    }
    throw error;
  }
}

/**
 * The installation with this id, seen by admins of the organization it is on and of the
 * integration's organization; anyone else gets a 404.
 */
export async function loadInstallation(
  db: Executor,
  roles: CallerRoles,
  integration: IntegrationRecord,
  installationId: string,
): Promise<InstallationRecord> {
  const installation = await findInstallation(db, integration.name, installationId);
  if (
    installation === undefined ||
    !(
      roles.get(installation.organizationId) === 'admin' ||
      administersIntegration(integration, roles)
    )
  ) {
    throw notFound(`Installation ${installationId} of ${integration.name} not found`);
  }
  return installation;
}

/** Throws 403 unless the caller administers the organization the installation is on. */
export function requireInstallationAdmin(
  roles: CallerRoles,
  installation: InstallationRecord,
): void {
  if (roles.get(installation.organizationId) !== 'admin') {
    throw forbidden('Only admins of the organization an integration is installed on may change it');
  }
}

/** Applies changes; a configuration must be valid against the integration's `account` schema. */
export function updateInstallation(
  db: Kysely<Database>,
  actor: Actor,
  integration: IntegrationRecord,
  installation: InstallationRecord,
  changes: InstallationChanges,
  now: Date,
): Promise<InstallationRecord> {
  if (changes.configuration !== undefined) {
    checkConfiguration(integration.configurations.account, changes.configuration, 'account');
  }
  const updated: InstallationRecord = {
    ...installation,
    configuration: changes.configuration ?? installation.configuration,
    externalIds: changes.externalIds ?? installation.externalIds,
    spaceSelection: changes.space_selection ?? installation.spaceSelection,
    siteSelection: changes.site_selection ?? installation.siteSelection,
    updatedAt: now.toISOString(),
  };
  return db.transaction().execute(async (trx) => {
    await replaceInstallation(trx, updated);
    await recordInstallationEvent(trx, actor, updated, 'integration_installation.updated', now, {
      fields: changedFields(changes),
    });
    return updated;
  });
}

/** Removes an installation with its space and site installations. */
export function uninstallIntegration(
  db: Kysely<Database>,
  actor: Actor,
  installation: InstallationRecord,
  now: Date,
): Promise<void> {
  return db.transaction().execute(async (trx) => {
    await deleteInstallation(trx, installation.id);
    await recordInstallationEvent(
      trx,
      actor,
      installation,
      'integration_installation.deleted',
      now,
    );
  });
}

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
    throw badRequest(
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
  try {
    return await db.transaction().execute(async (trx) => {
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
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(`It is already installed on ${kind} ${targetId}`);
    throw error;
  }
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
  changes: Pick<InstallationChanges, 'configuration' | 'externalIds'>,
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

function requireAdminOf(roles: CallerRoles, organizationId: string): void {
  const role = roles.get(organizationId);
  if (role === undefined) throw notFound(`Organization ${organizationId} not found`);
  if (role !== 'admin') throw forbidden('Only admins of the organization may install integrations');
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

// The names of the fields a change gives, never their values: configurations may hold credentials.
function changedFields(changes: object): string[] {
  return Object.entries(changes)
    .flatMap(([field, value]) => (value === undefined ? [] : [field]))
    .sort();
}

async function recordInstallationEvent(
  trx: Executor,
  actor: Actor,
  installation: InstallationRecord,
  action: InstallationAction,
  now: Date,
  payload: Record<string, unknown> = {},
): Promise<void> {
  await recordEvent(
    trx,
    actor,
    {
      action,
      organizationId: installation.organizationId,
      target: {
        type: 'integration-installation',
        id: installation.id,
        label: installation.integrationName,
      },
      payload: { integration: installation.integrationName, ...payload },
    },
    now,
  );
}
