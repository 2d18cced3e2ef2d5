import type { Selectable } from 'kysely';
import { isMemberRole, type MemberRole } from '../model/roles.js';
import { keysetPage, mapPage, type Page, type PageRequest } from './pagination.js';
import type { Executor, SamlProvidersTable } from './schema.js';

/** A stored SAML identity provider. */
export interface SamlProviderRecord {
  id: string;
  organizationId: string;
  label: string;
  entityId: string | null;
  ssoUrl: string | null;
  certificate: string | null;
  defaultTeamId: string | null;
  defaultRole: MemberRole | null;
  createdAt: string;
  updatedAt: string;
}

function toProvider(row: Selectable<SamlProvidersTable>): SamlProviderRecord {
  return {
    id: row.id,
    organizationId: row.organization_id,
    label: row.label,
    entityId: row.entity_id,
    ssoUrl: row.sso_url,
    certificate: row.certificate,
    defaultTeamId: row.default_team_id,
    defaultRole: isMemberRole(row.default_role) ? row.default_role : null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** What a provider update may change. */
export type SamlProviderChanges = Partial<
  Pick<
    SamlProviderRecord,
    'label' | 'entityId' | 'ssoUrl' | 'certificate' | 'defaultTeamId' | 'defaultRole'
  >
>;

/** Stores a new provider. */
export async function insertSamlProvider(
  db: Executor,
  provider: SamlProviderRecord,
): Promise<void> {
  await db
    .insertInto('saml_providers')
    .values({
      id: provider.id,
      organization_id: provider.organizationId,
      label: provider.label,
      entity_id: provider.entityId,
      sso_url: provider.ssoUrl,
      certificate: provider.certificate,
      default_team_id: provider.defaultTeamId,
      default_role: provider.defaultRole,
      created_at: provider.createdAt,
      updated_at: provider.updatedAt,
    })
    .execute();
}

/** Changes a provider; answers it as it is now, or `undefined` when it is gone. */
export async function updateSamlProvider(
  db: Executor,
  id: string,
  changes: SamlProviderChanges,
  now: Date,
): Promise<SamlProviderRecord | undefined> {
  const row = await db
    .updateTable('saml_providers')
    .set({
      ...(changes.label === undefined ? {} : { label: changes.label }),
      ...(changes.entityId === undefined ? {} : { entity_id: changes.entityId }),
      ...(changes.ssoUrl === undefined ? {} : { sso_url: changes.ssoUrl }),
      ...(changes.certificate === undefined ? {} : { certificate: changes.certificate }),
      ...(changes.defaultTeamId === undefined ? {} : { default_team_id: changes.defaultTeamId }),
      ...(changes.defaultRole === undefined ? {} : { default_role: changes.defaultRole }),
      updated_at: now.toISOString(),
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  return row && toProvider(row);
}

/** Removes a provider. */
export async function deleteSamlProvider(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('saml_providers').where('id', '=', id).execute();
}

/** One provider of an organization, if it exists. */
export async function findSamlProvider(
  db: Executor,
  organizationId: string,
  id: string,
): Promise<SamlProviderRecord | undefined> {
  const row = await db
    .selectFrom('saml_providers')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && toProvider(row);
}

/** A provider by id alone: sign-in URLs carry only that. */
export async function findSamlProviderById(
  db: Executor,
  id: string,
): Promise<SamlProviderRecord | undefined> {
  const row = await db
    .selectFrom('saml_providers')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  return row && toProvider(row);
}

/** A page of an organization's providers, oldest first. */
export async function listSamlProviders(
  db: Executor,
  organizationId: string,
  request: PageRequest,
): Promise<Page<SamlProviderRecord>> {
  const page = await keysetPage(
    db.selectFrom('saml_providers').where('organization_id', '=', organizationId),
    (query) => query.selectAll(),
    {
      columns: ['created_at', 'id'],
      direction: 'asc',
      cursorOf: (row) => [row.created_at, row.id],
    },
    request,
  );
  return mapPage(page, toProvider);
}

/** Every provider of an organization, oldest first (a handful at most). */
export async function allSamlProviders(
  db: Executor,
  organizationId: string,
): Promise<SamlProviderRecord[]> {
  const rows = await db
    .selectFrom('saml_providers')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(toProvider);
}
