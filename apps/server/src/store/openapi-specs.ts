import type { components } from '@quire/contract';
import type { Selectable } from 'kysely';
import { isRecord } from '../is-record.js';
import { keysetPage, mapPage, type Page, type PageRequest } from './pagination.js';
import type { Executor, OpenapiSpecsTable, OpenapiSpecVersionsTable } from './schema.js';

type Visibility = components['schemas']['OpenAPISpecVisibility'];
type ProcessingState = components['schemas']['OpenAPISpecProcessingState'];
type ProcessingErrorCode = components['schemas']['OpenAPISpecProcessingErrorCode'];
type ProcessingError = components['schemas']['OpenAPIErrorObject'];
/** What a version changed against the one before it, as the contract shows it (less its ids). */
export type StoredSpecChanges = Omit<
  components['schemas']['OpenAPISpecVersionChanges'],
  'object' | 'version' | 'previousVersion'
>;

/** Where a spec comes from: a URL, or the text itself. */
export type SpecSource = { url: string } | { text: string };

/** A stored OpenAPI spec. */
export interface OpenApiSpecRecord {
  id: string;
  organizationId: string;
  slug: string;
  source: SpecSource;
  visibility: Visibility;
  processingState: ProcessingState;
  /** Raised by every write of the source. */
  generation: number;
  lastVersionId: string | null;
  lastProcessedAt: string | null;
  lastProcessErrorCode: ProcessingErrorCode | null;
  lastProcessErrors: ProcessingError[];
  lastProcessErrorCount: number;
  createdAt: string;
  updatedAt: string;
}

/** A stored version of a spec. */
export interface OpenApiSpecVersionRecord {
  id: string;
  specId: string;
  /** 1 for the first version of the spec, then 2, … */
  number: number;
  url: string;
  /** The name of the entry file in the version's files. */
  entryPath: string;
  /** The blob of the canonical JSON of the version's files. */
  contentSha256: string;
  changes: StoredSpecChanges;
  createdAt: string;
}

const visibilities: readonly Visibility[] = ['private', 'public'];
const states: readonly ProcessingState[] = ['pending', 'progress', 'complete'];
const errorCodes: readonly ProcessingErrorCode[] = ['FETCH_TIMEOUT', 'FETCH_ERROR', 'PARSE_ERROR'];

function oneOf<T extends string>(values: readonly T[], value: string, what: string): T {
  const found = values.find((item) => item === value);
  if (found === undefined) throw new Error(`A stored OpenAPI spec has an unknown ${what}`);
  return found;
}

function toErrors(json: string | null): ProcessingError[] {
  if (json === null) return [];
  const value: unknown = JSON.parse(json);
  if (!Array.isArray(value)) throw new Error('Stored OpenAPI processing errors are not a list');
  return value.flatMap((item: unknown) =>
    isRecord(item) && typeof item.message === 'string'
      ? [
          {
            message: item.message,
            ...(typeof item.code === 'string' ? { code: item.code } : {}),
          },
        ]
      : [],
  );
}

function toSpec(row: Selectable<OpenapiSpecsTable>): OpenApiSpecRecord {
  return {
    id: row.id,
    organizationId: row.organization_id,
    slug: row.slug,
    source: row.source_url !== null ? { url: row.source_url } : { text: row.source_text ?? '' },
    visibility: oneOf(visibilities, row.visibility, 'visibility'),
    processingState: oneOf(states, row.processing_state, 'processing state'),
    generation: Number(row.generation),
    lastVersionId: row.last_version_id,
    lastProcessedAt: row.last_processed_at,
    lastProcessErrorCode:
      row.last_process_error_code === null
        ? null
        : oneOf(errorCodes, row.last_process_error_code, 'error code'),
    lastProcessErrors: toErrors(row.last_process_errors),
    lastProcessErrorCount: Number(row.last_process_error_count),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function toSpecRow(spec: OpenApiSpecRecord): Selectable<OpenapiSpecsTable> {
  return {
    id: spec.id,
    organization_id: spec.organizationId,
    slug: spec.slug,
    source_url: 'url' in spec.source ? spec.source.url : null,
    source_text: 'text' in spec.source ? spec.source.text : null,
    visibility: spec.visibility,
    processing_state: spec.processingState,
    generation: spec.generation,
    last_version_id: spec.lastVersionId,
    last_processed_at: spec.lastProcessedAt,
    last_process_error_code: spec.lastProcessErrorCode,
    last_process_errors:
      spec.lastProcessErrors.length === 0 ? null : JSON.stringify(spec.lastProcessErrors),
    last_process_error_count: spec.lastProcessErrorCount,
    created_at: spec.createdAt,
    updated_at: spec.updatedAt,
  };
}

const numberWidth = 12;

function toVersion(row: Selectable<OpenapiSpecVersionsTable>): OpenApiSpecVersionRecord {
  const changes: unknown = JSON.parse(row.changes);
  if (!isRecord(changes)) throw new Error('Stored OpenAPI version changes are not an object');
  return {
    id: row.id,
    specId: row.spec_id,
    number: Number(row.number),
    url: row.url,
    entryPath: row.entry_path,
    contentSha256: row.content_sha256,
    // Written by this module from the same type (see insertOpenApiSpecVersion).
    changes: changes as StoredSpecChanges,
    createdAt: row.created_at,
  };
}

/** Stores a new spec; a slug the organization already has throws (unique index). */
export async function insertOpenApiSpec(db: Executor, spec: OpenApiSpecRecord): Promise<void> {
  await db.insertInto('openapi_specs').values(toSpecRow(spec)).execute();
}

/**
 * Sets a spec's source and raises its generation by one, in one statement: concurrent writes of
 * one spec each count (the row lock orders them), and each answers the generation it made.
 */
export async function writeOpenApiSpecSource(
  db: Executor,
  id: string,
  { source, now }: { source: SpecSource; now: Date },
): Promise<OpenApiSpecRecord | undefined> {
  const row = await db
    .updateTable('openapi_specs')
    .set((eb) => ({
      source_url: 'url' in source ? source.url : null,
      source_text: 'text' in source ? source.text : null,
      processing_state: 'pending',
      generation: eb('generation', '+', 1),
      updated_at: now.toISOString(),
    }))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  return row && toSpec(row);
}

/** Sets who may see a spec, and nothing else of it. */
export async function writeOpenApiSpecVisibility(
  db: Executor,
  id: string,
  { visibility, now }: { visibility: Visibility; now: Date },
): Promise<OpenApiSpecRecord | undefined> {
  const row = await db
    .updateTable('openapi_specs')
    .set({ visibility, updated_at: now.toISOString() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  return row && toSpec(row);
}

/** Where the processing of a spec's source stands. */
export type SpecProcessing = Pick<
  OpenApiSpecRecord,
  | 'processingState'
  | 'lastVersionId'
  | 'lastProcessedAt'
  | 'lastProcessErrorCode'
  | 'lastProcessErrors'
  | 'lastProcessErrorCount'
>;

/**
 * Records how the processing of a spec's source stands, only while the spec is still at
 * `generation`: answers whether it did (a newer write of the source wins over the processing of
 * an older one). Only the processing columns are written, so a concurrent change of anything
 * else stays.
 */
export async function writeOpenApiSpecProcessing(
  db: Executor,
  { id, generation }: { id: string; generation: number },
  processing: SpecProcessing,
): Promise<boolean> {
  const result = await db
    .updateTable('openapi_specs')
    .set({
      processing_state: processing.processingState,
      last_version_id: processing.lastVersionId,
      last_processed_at: processing.lastProcessedAt,
      last_process_error_code: processing.lastProcessErrorCode,
      last_process_errors:
        processing.lastProcessErrors.length === 0
          ? null
          : JSON.stringify(processing.lastProcessErrors),
      last_process_error_count: processing.lastProcessErrorCount,
    })
    .where('id', '=', id)
    .where('generation', '=', generation)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Removes a spec and its versions. */
export async function deleteOpenApiSpec(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('openapi_spec_versions').where('spec_id', '=', id).execute();
  await db.deleteFrom('openapi_specs').where('id', '=', id).execute();
}

/** The spec with this slug in this organization, if any. */
export async function findOpenApiSpecBySlug(
  db: Executor,
  organizationId: string,
  slug: string,
): Promise<OpenApiSpecRecord | undefined> {
  const row = await db
    .selectFrom('openapi_specs')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('slug', '=', slug)
    .executeTakeFirst();
  return row && toSpec(row);
}

/** The spec with this id, if any. */
export async function findOpenApiSpecById(
  db: Executor,
  id: string,
): Promise<OpenApiSpecRecord | undefined> {
  const row = await db
    .selectFrom('openapi_specs')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  return row && toSpec(row);
}

/** A page of an organization's specs, by slug. */
export async function listOpenApiSpecs(
  db: Executor,
  organizationId: string,
  request: PageRequest,
): Promise<Page<OpenApiSpecRecord>> {
  const page = await keysetPage(
    db.selectFrom('openapi_specs').where('organization_id', '=', organizationId),
    (query) => query.selectAll(),
    { columns: ['slug', 'id'], direction: 'asc', cursorOf: (row) => [row.slug, row.id] },
    request,
  );
  return mapPage(page, toSpec);
}

/** Stores a new version of a spec. */
export async function insertOpenApiSpecVersion(
  db: Executor,
  version: OpenApiSpecVersionRecord,
): Promise<void> {
  await db
    .insertInto('openapi_spec_versions')
    .values({
      id: version.id,
      spec_id: version.specId,
      number: String(version.number).padStart(numberWidth, '0'),
      url: version.url,
      entry_path: version.entryPath,
      content_sha256: version.contentSha256,
      changes: JSON.stringify(version.changes),
      created_at: version.createdAt,
    })
    .execute();
}

/** The version with this id of this spec, if any. */
export async function findOpenApiSpecVersion(
  db: Executor,
  specId: string,
  id: string,
): Promise<OpenApiSpecVersionRecord | undefined> {
  const row = await db
    .selectFrom('openapi_spec_versions')
    .selectAll()
    .where('spec_id', '=', specId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && toVersion(row);
}

/** The newest version of this spec, if any. */
export async function findLatestOpenApiSpecVersion(
  db: Executor,
  specId: string,
): Promise<OpenApiSpecVersionRecord | undefined> {
  const row = await db
    .selectFrom('openapi_spec_versions')
    .selectAll()
    .where('spec_id', '=', specId)
    .orderBy('number', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row && toVersion(row);
}

/** The version of this spec just before the one numbered `number`, if any. */
export async function findOpenApiSpecVersionBefore(
  db: Executor,
  specId: string,
  number: number,
): Promise<OpenApiSpecVersionRecord | undefined> {
  const row = await db
    .selectFrom('openapi_spec_versions')
    .selectAll()
    .where('spec_id', '=', specId)
    .where('number', '<', String(number).padStart(numberWidth, '0'))
    .orderBy('number', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row && toVersion(row);
}

/** A page of a spec's versions, newest first. */
export async function listOpenApiSpecVersions(
  db: Executor,
  specId: string,
  request: PageRequest,
): Promise<Page<OpenApiSpecVersionRecord>> {
  const page = await keysetPage(
    db.selectFrom('openapi_spec_versions').where('spec_id', '=', specId),
    (query) => query.selectAll(),
    { columns: ['number', 'id'], direction: 'desc', cursorOf: (row) => [row.number, row.id] },
    request,
  );
  return mapPage(page, toVersion);
}
