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

/** Where an installation is on a space or a site: which kind, and which one. */
export type ContentKind = 'space' | 'site';

/** An installation on one space or site of its organization. */
export interface ContentInstallationRecord {
  installationId: string;
  kind: ContentKind;
  /** The space's or the site's id. */
  targetId: string;
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

interface ContentRow {
  installation_id: string;
  configuration: string;
  external_ids: string;
  created_at: string;
  updated_at: string;
}

function toContentInstallation(
  kind: ContentKind,
  targetId: string,
  row: ContentRow,
): ContentInstallationRecord {
  return {
    installationId: row.installation_id,
    kind,
    targetId,
    configuration: JSON.parse(row.configuration),
    externalIds: JSON.parse(row.external_ids),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The installation on this space or site, if any. */
export async function findContentInstallation(
  db: Executor,
  kind: ContentKind,
  installationId: string,
  targetId: string,
): Promise<ContentInstallationRecord | undefined> {
  if (kind === 'space') {
    const row = await db
      .selectFrom('integration_space_installations')
      .selectAll()
      .where('installation_id', '=', installationId)
      .where('space_id', '=', targetId)
      .executeTakeFirst();
    return row && toContentInstallation(kind, row.space_id, row);
  }
  const row = await db
    .selectFrom('integration_site_installations')
    .selectAll()
    .where('installation_id', '=', installationId)
    .where('site_id', '=', targetId)
    .executeTakeFirst();
  return row && toContentInstallation(kind, row.site_id, row);
}

/** Stores a new space or site installation; a second one on the same space or site throws. */
export async function insertContentInstallation(
  db: Executor,
  record: ContentInstallationRecord,
): Promise<void> {
  const values = {
    installation_id: record.installationId,
    configuration: JSON.stringify(record.configuration),
    external_ids: JSON.stringify(record.externalIds),
    created_at: record.createdAt,
    updated_at: record.updatedAt,
  };
  if (record.kind === 'space') {
    await db
      .insertInto('integration_space_installations')
      .values({ ...values, space_id: record.targetId })
      .execute();
  } else {
    await db
      .insertInto('integration_site_installations')
      .values({ ...values, site_id: record.targetId })
      .execute();
  }
}

/** Writes a space or site installation's settings over the stored ones. */
export async function replaceContentInstallation(
  db: Executor,
  record: ContentInstallationRecord,
): Promise<void> {
  const changes = {
    configuration: JSON.stringify(record.configuration),
    external_ids: JSON.stringify(record.externalIds),
    updated_at: record.updatedAt,
  };
  if (record.kind === 'space') {
    await db
      .updateTable('integration_space_installations')
      .set(changes)
      .where('installation_id', '=', record.installationId)
      .where('space_id', '=', record.targetId)
      .execute();
  } else {
    await db
      .updateTable('integration_site_installations')
      .set(changes)
      .where('installation_id', '=', record.installationId)
      .where('site_id', '=', record.targetId)
      .execute();
  }
}

/** Removes a space or site installation. */
export async function deleteContentInstallation(
  db: Executor,
  record: ContentInstallationRecord,
): Promise<void> {
  if (record.kind === 'space') {
    await db
      .deleteFrom('integration_space_installations')
      .where('installation_id', '=', record.installationId)
      .where('space_id', '=', record.targetId)
      .execute();
  } else {
    await db
      .deleteFrom('integration_site_installations')
      .where('installation_id', '=', record.installationId)
      .where('site_id', '=', record.targetId)
      .execute();
  }
}

/** A page of an installation's space or site installations, by the space's or site's id. */
export async function listContentInstallations(
  db: Executor,
  kind: ContentKind,
  installationId: string,
  request: PageRequest,
): Promise<Page<ContentInstallationRecord>> {
  if (kind === 'space') {
    const page = await keysetPage(
      db
        .selectFrom('integration_space_installations')
        .where('installation_id', '=', installationId),
      (query) => query.selectAll(),
      {
        columns: ['space_id', 'space_id'],
        direction: 'asc',
        cursorOf: (row) => [row.space_id, row.space_id],
      },
      request,
    );
    return mapPage(page, (row) => toContentInstallation(kind, row.space_id, row));
  }
  const page = await keysetPage(
    db.selectFrom('integration_site_installations').where('installation_id', '=', installationId),
    (query) => query.selectAll(),
    {
      columns: ['site_id', 'site_id'],
      direction: 'asc',
      cursorOf: (row) => [row.site_id, row.site_id],
    },
    request,
  );
  return mapPage(page, (row) => toContentInstallation(kind, row.site_id, row));
}
