import { keysetPage, mapPage, type Page, type PageRequest } from './pagination.js';
import type { Executor } from './schema.js';

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
