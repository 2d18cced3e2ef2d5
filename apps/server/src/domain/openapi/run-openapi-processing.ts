import type { Kysely } from 'kysely';
import { newId } from '../../ids.js';
import type { BlobStore } from '../../store/blobs/blob-store.js';
import {
  findLatestOpenApiSpecVersion,
  findOpenApiSpecById,
  insertOpenApiSpecVersion,
  type OpenApiSpecRecord,
  type OpenApiSpecVersionRecord,
  type SpecProcessing,
  writeOpenApiSpecProcessing,
} from '../../store/openapi-specs.js';
import type { Database } from '../../store/schema.js';
import { canonicalJson } from '../content/canonical-json.js';
import { systemActor } from '../events/record-event.js';
import { recordSpecEvent } from './openapi-specs.js';
import { compareOperations } from './spec-changes.js';
import { pathOf, readSpecFiles, type SpecFetchOptions } from './spec-files.js';
import { operationsOf, type SpecFilesystem } from './spec-operations.js';
import { SpecProcessingError } from './spec-processing-error.js';
import { readVersionFilesystem } from './spec-versions.js';
import type { SpecValidator } from './validate-spec.js';

/** What processing a spec needs. */
export interface OpenApiProcessingServices {
  db: Kysely<Database>;
  blobs: BlobStore;
  fetch: SpecFetchOptions;
  /** The URL a version of a spec given as text is said to come from: its content in the API. */
  textVersionUrl(spec: OpenApiSpecRecord, versionId: string): string;
  /**
   * Validates the files, off the event loop: `validateSpecFiles` on a worker thread, since a
   * spec's references can take seconds of CPU to resolve.
   */
  validate: SpecValidator;
}

/**
 * Processes a spec's source as it was at `generation`: fetches its files (through the outbound
 * guard), validates them, and makes a new version when their content differs from the latest
 * version's, with what it changed against it. A spec gone, or whose source was written again
 * meanwhile (a newer job processes it), is left alone. Failures end the processing `complete`
 * with `lastProcessErrorCode` and the problems found; the latest version stays.
 */
export async function runOpenApiProcessing(
  services: OpenApiProcessingServices,
  specId: string,
  generation: number,
  now: () => Date,
): Promise<void> {
  const { db } = services;
  const found = await findOpenApiSpecById(db, specId);
  if (found === undefined || found.generation !== generation) return;
  const target = { id: specId, generation };
  const started: SpecProcessing = { ...processingOf(found), processingState: 'progress' };
  if (!(await writeOpenApiSpecProcessing(db, target, started))) return;

  let filesystem: SpecFilesystem;
  let entryUrl: string;
  try {
    const files = await readSpecFiles(found.source, services.fetch);
    await services.validate(files);
    filesystem = Object.fromEntries([...files.files].map(([path, file]) => [path, file.parsed]));
    entryUrl = files.entryUrl;
  } catch (error) {
    if (!(error instanceof SpecProcessingError)) throw error;
    await writeOpenApiSpecProcessing(db, target, {
      ...started,
      processingState: 'complete',
      lastProcessedAt: now().toISOString(),
      lastProcessErrorCode: error.code,
      lastProcessErrors: [...error.problems],
      lastProcessErrorCount: error.count,
    });
    return;
  }

  const succeeded = (lastVersionId: string | null): SpecProcessing => ({
    processingState: 'complete',
    lastVersionId,
    lastProcessedAt: now().toISOString(),
    lastProcessErrorCode: null,
    lastProcessErrors: [],
    lastProcessErrorCount: 0,
  });
  // The files are kept as a blob named by the SHA-256 of their canonical JSON: a version row
  // stays small whatever the size of its spec (specs of several megabytes are common), versions
  // and specs with the same content share one copy, and the hash tells at once whether the
  // content changed.
  const bytes = new TextEncoder().encode(canonicalJson(filesystem));
  const { sha256 } = await services.blobs.put(bytes);
  const entryPath = pathOf(new URL(entryUrl));
  const changesSince = async (latest: OpenApiSpecVersionRecord | undefined) =>
    compareOperations(
      latest === undefined
        ? undefined
        : operationsOf(await readVersionFilesystem(services.blobs, latest), latest.entryPath),
      operationsOf(filesystem, entryPath),
    );
  const latestBefore = await findLatestOpenApiSpecVersion(db, specId);
  const changesBefore =
    latestBefore?.contentSha256 === sha256 ? undefined : await changesSince(latestBefore);

  await db.transaction().execute(async (trx) => {
    // Writing the spec's row first takes its lock (PostgreSQL): a second run of the same
    // generation (a job taken over, a repeated run) waits here, then finds the version this one
    // made below and makes none of its own.
    if (!(await writeOpenApiSpecProcessing(trx, target, succeeded(found.lastVersionId)))) return;
    const latest = await findLatestOpenApiSpecVersion(trx, specId);
    if (latest !== undefined && latest.contentSha256 === sha256) {
      await writeOpenApiSpecProcessing(trx, target, succeeded(latest.id));
      return;
    }
    const changes =
      changesBefore !== undefined && latest?.id === latestBefore?.id
        ? changesBefore
        : await changesSince(latest);
    const versionId = newId();
    await insertOpenApiSpecVersion(trx, {
      id: versionId,
      specId,
      number: (latest?.number ?? 0) + 1,
      url: 'url' in found.source ? entryUrl : services.textVersionUrl(found, versionId),
      entryPath,
      contentSha256: sha256,
      changes,
      createdAt: now().toISOString(),
    });
    await writeOpenApiSpecProcessing(trx, target, succeeded(versionId));
    await recordSpecEvent(trx, systemActor, found, 'openapi_spec.version_created', now(), {
      version: versionId,
      breaking: changes.breaking,
    });
  });
}

/** Where the processing of a spec stands, as its record says. */
function processingOf(spec: OpenApiSpecRecord): SpecProcessing {
  return {
    processingState: spec.processingState,
    lastVersionId: spec.lastVersionId,
    lastProcessedAt: spec.lastProcessedAt,
    lastProcessErrorCode: spec.lastProcessErrorCode,
    lastProcessErrors: spec.lastProcessErrors,
    lastProcessErrorCount: spec.lastProcessErrorCount,
  };
}
