import type { Selectable } from 'kysely';
import { keysetPage, mapPage, type Page, type PageRequest } from './pagination.js';
import type { Executor, IntegrationInstallationsTable } from './schema.js';

/** An integration installed on an organization. */
export interface InstallationRecord {
  id: string;
  integrationName: string;
  organizationId: string;
  spaceSelection: 'all' | 'selected';
  siteSelection: 'all' | 'selected';
  configuration: Record<string, unknown>;
  externalIds: string[];
  createdAt: string;
  updatedAt: string;
}

const selection = (value: string) => (value === 'all' ? 'all' : 'selected');

function toInstallation(row: Selectable<IntegrationInstallationsTable>): InstallationRecord {
  return {
    id: row.id,
    integrationName: row.integration_name,
    organizationId: row.organization_id,
    spaceSelection: selection(row.space_selection),
    siteSelection: selection(row.site_selection),
    configuration: JSON.parse(row.configuration),
    externalIds: JSON.parse(row.external_ids),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Stores a new installation with its external IDs; a second one of an organization throws. */
export async function insertInstallation(
  db: Executor,
  installation: InstallationRecord,
): Promise<void> {
  await db
    .insertInto('integration_installations')
    .values({
      id: installation.id,
      integration_name: installation.integrationName,
      organization_id: installation.organizationId,
      status: 'active',
      space_selection: installation.spaceSelection,
      site_selection: installation.siteSelection,
      configuration: JSON.stringify(installation.configuration),
      external_ids: JSON.stringify(installation.externalIds),
      created_at: installation.createdAt,
      updated_at: installation.updatedAt,
    })
    .execute();
  await writeExternalIds(db, installation);
}

/** Writes an installation's settings over the stored ones. */
export async function replaceInstallation(
  db: Executor,
  installation: InstallationRecord,
): Promise<void> {
  await db
    .updateTable('integration_installations')
    .set({
      space_selection: installation.spaceSelection,
      site_selection: installation.siteSelection,
      configuration: JSON.stringify(installation.configuration),
      external_ids: JSON.stringify(installation.externalIds),
      updated_at: installation.updatedAt,
    })
    .where('id', '=', installation.id)
    .execute();
  await db
    .deleteFrom('integration_installation_external_ids')
    .where('installation_id', '=', installation.id)
    .execute();
  await writeExternalIds(db, installation);
}

async function writeExternalIds(db: Executor, installation: InstallationRecord): Promise<void> {
  const ids = [...new Set(installation.externalIds)];
  if (ids.length === 0) return;
  await db
    .insertInto('integration_installation_external_ids')
    .values(
      ids.map((externalId) => ({ installation_id: installation.id, external_id: externalId })),
    )
    .execute();
}

/** Removes an installation with its space and site installations. */
export async function deleteInstallation(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('integration_installations').where('id', '=', id).execute();
}

/** The installation with this id of this integration, if any. */
export async function findInstallation(
  db: Executor,
  integrationName: string,
  id: string,
): Promise<InstallationRecord | undefined> {
  const row = await db
    .selectFrom('integration_installations')
    .selectAll()
    .where('integration_name', '=', integrationName)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && toInstallation(row);
}

/** The installation of this integration on this organization, if any (there is at most one). */
export async function findOrganizationInstallation(
  db: Executor,
  integrationName: string,
  organizationId: string,
): Promise<InstallationRecord | undefined> {
  const row = await db
    .selectFrom('integration_installations')
    .selectAll()
    .where('integration_name', '=', integrationName)
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
  return row && toInstallation(row);
}

/**
 * A page of an integration's installations, oldest first: all of them, or (with `organizations`)
 * those in these organizations; with `externalId`, those having it.
 */
export async function listInstallations(
  db: Executor,
  integrationName: string,
  filter: { organizations?: readonly string[] | undefined; externalId?: string | undefined },
  request: PageRequest,
): Promise<Page<InstallationRecord>> {
  const { organizations, externalId } = filter;
  const page = await keysetPage(
    db
      .selectFrom('integration_installations')
      .where('integration_name', '=', integrationName)
      .$if(organizations !== undefined, (query) =>
        organizations === undefined || organizations.length === 0
          ? query.where('organization_id', 'is', null)
          : query.where('organization_id', 'in', [...organizations]),
      )
      .$if(externalId !== undefined, (query) =>
        query.where('id', 'in', (inner) =>
          inner
            .selectFrom('integration_installation_external_ids')
            .select('installation_id')
            .where('external_id', '=', externalId ?? ''),
        ),
      ),
    (query) => query.selectAll(),
    {
      columns: ['created_at', 'id'],
      direction: 'asc',
      cursorOf: (row) => [row.created_at, row.id],
    },
    request,
  );
  return mapPage(page, toInstallation);
}

/** How many spaces and sites an installation is on. */
export async function countContentInstallations(
  db: Executor,
  installationId: string,
): Promise<{ spaces: number; sites: number }> {
  const count = async (
    table: 'integration_space_installations' | 'integration_site_installations',
  ) => {
    const row = await db
      .selectFrom(table)
      .select((select) => select.fn.countAll<number | string>().as('count'))
      .where('installation_id', '=', installationId)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  };
  return {
    spaces: await count('integration_space_installations'),
    sites: await count('integration_site_installations'),
  };
}
