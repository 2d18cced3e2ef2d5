import type { Selectable } from 'kysely';
import { isMemberRole, type MemberRole } from '../model/roles.js';
import { keysetPage, mapPage, type Page, type PageRequest } from './pagination.js';
import type { Executor, OidcProvidersTable } from './schema.js';

/** A stored OpenID Connect provider (its client secret sealed). */
export interface OidcProviderRecord {
  id: string;
  organizationId: string;
  label: string;
  issuer: string;
  clientId: string;
  clientSecretSealed: string | null;
  defaultTeamId: string | null;
  defaultRole: MemberRole | null;
  createdAt: string;
  updatedAt: string;
}

function toProvider(row: Selectable<OidcProvidersTable>): OidcProviderRecord {
  return {
    id: row.id,
    organizationId: row.organization_id,
    label: row.label,
    issuer: row.issuer,
    clientId: row.client_id,
    clientSecretSealed: row.client_secret_sealed,
    defaultTeamId: row.default_team_id,
    defaultRole: isMemberRole(row.default_role) ? row.default_role : null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** What a provider update may change. */
export type OidcProviderChanges = Partial<
  Pick<
    OidcProviderRecord,
    'label' | 'issuer' | 'clientId' | 'clientSecretSealed' | 'defaultTeamId' | 'defaultRole'
  >
>;

/** Stores a new provider. */
export async function insertOidcProvider(
  db: Executor,
  provider: OidcProviderRecord,
): Promise<void> {
  await db
    .insertInto('oidc_providers')
    .values({
      id: provider.id,
      organization_id: provider.organizationId,
      label: provider.label,
      issuer: provider.issuer,
      client_id: provider.clientId,
      client_secret_sealed: provider.clientSecretSealed,
      default_team_id: provider.defaultTeamId,
      default_role: provider.defaultRole,
      created_at: provider.createdAt,
      updated_at: provider.updatedAt,
    })
    .execute();
}

/** Changes a provider; answers it as it is now, or `undefined` when it is gone. */
export async function updateOidcProvider(
  db: Executor,
  id: string,
  changes: OidcProviderChanges,
  now: Date,
): Promise<OidcProviderRecord | undefined> {
  const row = await db
    .updateTable('oidc_providers')
    .set({
      ...(changes.label === undefined ? {} : { label: changes.label }),
      ...(changes.issuer === undefined ? {} : { issuer: changes.issuer }),
      ...(changes.clientId === undefined ? {} : { client_id: changes.clientId }),
      ...(changes.clientSecretSealed === undefined
        ? {}
        : { client_secret_sealed: changes.clientSecretSealed }),
      ...(changes.defaultTeamId === undefined ? {} : { default_team_id: changes.defaultTeamId }),
      ...(changes.defaultRole === undefined ? {} : { default_role: changes.defaultRole }),
      updated_at: now.toISOString(),
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  return row && toProvider(row);
}

/** Removes a provider, and the sign-ins still out at it. */
export async function deleteOidcProvider(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('oidc_sign_ins').where('provider_id', '=', id).execute();
  await db.deleteFrom('oidc_providers').where('id', '=', id).execute();
}

/** One provider of an organization, if it exists. */
export async function findOidcProvider(
  db: Executor,
  organizationId: string,
  id: string,
): Promise<OidcProviderRecord | undefined> {
  const row = await db
    .selectFrom('oidc_providers')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && toProvider(row);
}

/** A provider by id alone: sign-in URLs carry only that. */
export async function findOidcProviderById(
  db: Executor,
  id: string,
): Promise<OidcProviderRecord | undefined> {
  const row = await db
    .selectFrom('oidc_providers')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  return row && toProvider(row);
}

/** A page of an organization's providers, oldest first. */
export async function listOidcProviders(
  db: Executor,
  organizationId: string,
  request: PageRequest,
): Promise<Page<OidcProviderRecord>> {
  const page = await keysetPage(
    db.selectFrom('oidc_providers').where('organization_id', '=', organizationId),
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

/** Every provider of an organization, oldest first: what its sign-in page offers. */
export async function allOidcProviders(
  db: Executor,
  organizationId: string,
): Promise<OidcProviderRecord[]> {
  const rows = await db
    .selectFrom('oidc_providers')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(toProvider);
}
