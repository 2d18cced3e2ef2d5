import type { Kysely } from 'kysely';
import { forbidden, notFound } from '../../errors.js';
import { newId } from '../../ids.js';
import {
  deleteInstallation,
  findInstallation,
  type InstallationRecord,
  insertInstallation,
  replaceInstallation,
} from '../../store/integration-installations.js';
import type { IntegrationRecord } from '../../store/integrations.js';
import type { Database, Executor } from '../../store/schema.js';
import type { Actor } from '../actor.js';
import { conflictOnDuplicate } from '../unique-writes.js';
import { checkConfiguration } from './configuration-schema.js';
import { changedFields, recordInstallationEvent } from './installation-events.js';
import { administersIntegration, type CallerRoles } from './integration-access.js';

/** What an update of an installation gives; absent fields stay. */
export interface InstallationChanges {
  configuration?: Record<string, unknown> | undefined;
  externalIds?: string[] | undefined;
  space_selection?: 'all' | 'selected' | undefined;
  site_selection?: 'all' | 'selected' | undefined;
}

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
  return conflictOnDuplicate(
    () =>
      db.transaction().execute(async (trx) => {
        await insertInstallation(trx, installation);
        await recordInstallationEvent(
          trx,
          actor,
          installation,
          'integration_installation.created',
          now,
        );
        return installation;
      }),
    `Integration ${integration.name} is already installed on ${organizationId}`,
  );
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

function requireAdminOf(roles: CallerRoles, organizationId: string): void {
  const role = roles.get(organizationId);
  if (role === undefined) throw notFound(`Organization ${organizationId} not found`);
  if (role !== 'admin') throw forbidden('Only admins of the organization may install integrations');
}
