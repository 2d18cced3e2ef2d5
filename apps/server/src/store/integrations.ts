import type { components } from '@quire/contract';
import type { Selectable } from 'kysely';
import { keysetPage, mapPage, type Page, type PageRequest } from './pagination.js';
import type { Executor, IntegrationsTable } from './schema.js';
import { containsIgnoringCase } from './text-filters.js';

type Schemas = components['schemas'];

/** A file the integration shows (icon, preview image): a blob and how it is served. */
export interface StoredImage {
  sha256: string;
  contentType: string;
}

/** A stored integration: its published definition, and its secrets only as sealed text. */
export interface IntegrationRecord {
  name: string;
  organizationId: string;
  version: number;
  title: string;
  description: string;
  summary: string | null;
  runtime: Schemas['IntegrationRuntime'];
  visibility: Schemas['IntegrationVisibility'];
  target: Schemas['IntegrationTarget'];
  scopes: Schemas['IntegrationScope'][];
  categories: Schemas['IntegrationCategory'][];
  blocks: Schemas['IntegrationBlock'][];
  /** The lower-cased hosts the blocks unfurl. */
  blockDomains: string[];
  contentSources: Schemas['IntegrationContentSource'][];
  configurations: Schemas['IntegrationConfigurations'];
  externalLinks: Schemas['IntegrationExternalLinks'];
  contentSecurityPolicy: Schemas['IntegrationContentSecurityPolicy'] | null;
  icon: StoredImage | null;
  previewImages: StoredImage[];
  script: string;
  /** The secrets' JSON, sealed; `null` when it has none. */
  sealedSecrets: string | null;
  createdAt: string;
  updatedAt: string;
}

/** What a list of integrations keeps; absent filters keep everything. */
export interface IntegrationFilter {
  /** Organizations whose private and unlisted integrations the caller may see. */
  memberOf: readonly string[];
  search?: string | undefined;
  category?: string | undefined;
  blockDomain?: string | undefined;
  blocks?: boolean | undefined;
  contentSources?: boolean | undefined;
  owner?: string | undefined;
  scope?: string | undefined;
  target?: string | undefined;
}

const visibilities = ['public', 'private', 'unlisted'] as const;
const targets = ['all', 'site', 'space', 'organization'] as const;

// Values the server wrote from the contract's enums; anything else reads as the safest one.
function oneOf<Value extends string>(
  values: readonly Value[],
  value: string,
  fallback: Value,
): Value {
  return values.find((item) => item === value) ?? fallback;
}

function toIntegration(row: Selectable<IntegrationsTable>): IntegrationRecord {
  return {
    name: row.name,
    organizationId: row.organization_id,
    version: Number(row.version),
    title: row.title,
    description: row.description,
    summary: row.summary,
    runtime: row.runtime === 'v2' ? 'v2' : 'v1',
    visibility: oneOf(visibilities, row.visibility, 'private'),
    target: oneOf(targets, row.target, 'all'),
    scopes: JSON.parse(row.scopes),
    categories: JSON.parse(row.categories),
    blocks: JSON.parse(row.blocks),
    blockDomains: JSON.parse(row.block_domains),
    contentSources: JSON.parse(row.content_sources),
    configurations: JSON.parse(row.configurations),
    externalLinks: JSON.parse(row.external_links),
    contentSecurityPolicy:
      row.content_security_policy === null ? null : JSON.parse(row.content_security_policy),
    icon: row.icon === null ? null : JSON.parse(row.icon),
    previewImages: JSON.parse(row.preview_images),
    script: row.script,
    sealedSecrets: row.secrets,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function toRow(integration: IntegrationRecord): Selectable<IntegrationsTable> {
  return {
    name: integration.name,
    organization_id: integration.organizationId,
    version: integration.version,
    title: integration.title,
    description: integration.description,
    summary: integration.summary,
    runtime: integration.runtime,
    visibility: integration.visibility,
    target: integration.target,
    scopes: JSON.stringify(integration.scopes),
    categories: JSON.stringify(integration.categories),
    blocks: JSON.stringify(integration.blocks),
    block_domains: JSON.stringify(integration.blockDomains),
    content_sources: JSON.stringify(integration.contentSources),
    configurations: JSON.stringify(integration.configurations),
    external_links: JSON.stringify(integration.externalLinks),
    content_security_policy:
      integration.contentSecurityPolicy === null
        ? null
        : JSON.stringify(integration.contentSecurityPolicy),
    icon: integration.icon === null ? null : JSON.stringify(integration.icon),
    preview_images: JSON.stringify(integration.previewImages),
    script: integration.script,
    secrets: integration.sealedSecrets,
    created_at: integration.createdAt,
    updated_at: integration.updatedAt,
  };
}

/** The integration of this name, if any. */
export async function findIntegration(
  db: Executor,
  name: string,
): Promise<IntegrationRecord | undefined> {
  const row = await db
    .selectFrom('integrations')
    .selectAll()
    .where('name', '=', name)
    .executeTakeFirst();
  return row && toIntegration(row);
}

/** Stores a newly published integration; a name already taken throws (a unique violation). */
export async function insertIntegration(
  db: Executor,
  integration: IntegrationRecord,
): Promise<void> {
  await db.insertInto('integrations').values(toRow(integration)).execute();
}

/**
 * Writes a republished integration over the stored one, if that one is still at the version
 * before; answers whether it was (a concurrent publish that got there first makes it false).
 */
export async function replaceIntegration(
  db: Executor,
  integration: IntegrationRecord,
): Promise<boolean> {
  const { name, created_at: _created, ...changes } = toRow(integration);
  const result = await db
    .updateTable('integrations')
    .set(changes)
    .where('name', '=', name)
    .where('version', '=', integration.version - 1)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Removes an integration; its installations go with it. */
export async function deleteIntegration(db: Executor, name: string): Promise<void> {
  await db.deleteFrom('integrations').where('name', '=', name).execute();
}

// A JSON array of strings contains `value` when its text contains the value as a JSON string.
const hasItem = (column: string, value: string) =>
  containsIgnoringCase(column, JSON.stringify(value));

/** A page of the integrations the filter keeps, by name. */
export async function listIntegrations(
  db: Executor,
  filter: IntegrationFilter,
  request: PageRequest,
): Promise<Page<IntegrationRecord>> {
  const { search, category, blockDomain, owner, scope, target } = filter;
  const page = await keysetPage(
    db
      .selectFrom('integrations')
      .where((where) =>
        filter.memberOf.length === 0
          ? where('visibility', '=', 'public')
          : where.or([
              where('visibility', '=', 'public'),
              where('organization_id', 'in', [...filter.memberOf]),
            ]),
      )
      .$if(search !== undefined && search !== '', (query) =>
        query.where((where) =>
          where.or([
            containsIgnoringCase('name', search ?? ''),
            containsIgnoringCase('title', search ?? ''),
          ]),
        ),
      )
      .$if(category !== undefined, (query) => query.where(hasItem('categories', category ?? '')))
      .$if(scope !== undefined, (query) => query.where(hasItem('scopes', scope ?? '')))
      .$if(blockDomain !== undefined, (query) =>
        query.where(hasItem('block_domains', (blockDomain ?? '').toLowerCase())),
      )
      .$if(filter.blocks !== undefined, (query) =>
        query.where('blocks', filter.blocks === true ? '<>' : '=', '[]'),
      )
      .$if(filter.contentSources !== undefined, (query) =>
        query.where('content_sources', filter.contentSources === true ? '<>' : '=', '[]'),
      )
      .$if(owner !== undefined, (query) => query.where('organization_id', '=', owner ?? ''))
      .$if(target !== undefined, (query) => query.where('target', '=', target ?? '')),
    (query) => query.selectAll(),
    { columns: ['name', 'name'], direction: 'asc', cursorOf: (row) => [row.name, row.name] },
    request,
  );
  return mapPage(page, toIntegration);
}
