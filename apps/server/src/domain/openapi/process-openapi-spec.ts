import type { Kysely } from 'kysely';
import { newId } from '../../ids.js';
import type { BlobStore } from '../../store/blobs/blob-store.js';
import {
  findLatestOpenApiSpecVersion,
  findOpenApiSpecById,
  insertOpenApiSpecVersion,
  type OpenApiSpecRecord,
  type OpenApiSpecVersionRecord,
  replaceOpenApiSpecAtGeneration,
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
import { validateSpecFiles } from './validate-spec.js';

/** What processing a spec needs. */
export interface OpenApiProcessingServices {
  db: Kysely<Database>;
  blobs: BlobStore;
  fetch: SpecFetchOptions;
  /** The URL a version of a spec given as text is said to come from: its content in the API. */
  textVersionUrl(spec: OpenApiSpecRecord, versionId: string): string;
}

/**
 * Processes a spec's source as it was at `generation`: fetches its files (through the outbound
 * guard), validates them, and makes a new version when their content differs from the latest
 * version's, with what it changed against it. A spec gone, or whose source was written again
 * meanwhile (a newer job processes it), is left alone. Failures end the processing `complete`
 * with `lastProcessErrorCode` and the problems found; the latest version stays.
 */
export async function processOpenApiSpec(
  services: OpenApiProcessingServices,
  specId: string,
  generation: number,
  now: () => Date,
): Promise<void> {
  const { db } = services;
  const found = await findOpenApiSpecById(db, specId);
  if (found === undefined || found.generation !== generation) return;
  const started: OpenApiSpecRecord = { ...found, processingState: 'progress' };
  if (!(await replaceOpenApiSpecAtGeneration(db, started, generation))) return;

  let filesystem: SpecFilesystem;
  let entryUrl: string;
  try {
    const files = await readSpecFiles(started.source, services.fetch);
    await validateSpecFiles(files);
    filesystem = Object.fromEntries([...files.files].map(([path, file]) => [path, file.parsed]));
    entryUrl = files.entryUrl;
  } catch (error) {
    if (!(error instanceof SpecProcessingError)) throw error;
    await replaceOpenApiSpecAtGeneration(
      db,
      {
        ...started,
        processingState: 'complete',
        lastProcessedAt: now().toISOString(),
        lastProcessErrorCode: error.code,
        lastProcessErrors: [...error.problems],
        lastProcessErrorCount: error.count,
      },
      generation,
    );
    return;
  }

  const succeeded: OpenApiSpecRecord = {
    ...started,
    processingState: 'complete',
    lastProcessedAt: now().toISOString(),
    lastProcessErrorCode: null,
    lastProcessErrors: [],
    lastProcessErrorCount: 0,
  };
  // The files are kept as a blob named by the SHA-256 of their canonical JSON: a version row
  // stays small whatever the size of its spec (specs of several megabytes are common), versions
  // and specs with the same content share one copy, and the hash tells at once whether the
  // content changed.
  const bytes = new TextEncoder().encode(canonicalJson(filesystem));
  const latest = await findLatestOpenApiSpecVersion(db, specId);
  const { sha256 } = await services.blobs.put(bytes);
  if (latest !== undefined && latest.contentSha256 === sha256) {
    await replaceOpenApiSpecAtGeneration(
      db,
      { ...succeeded, lastVersionId: latest.id },
      generation,
    );
    return;
  }

  const entryPath = pathOf(new URL(entryUrl));
  const previous =
    latest === undefined ? undefined : await readVersionFilesystem(services.blobs, latest);
  const changes = compareOperations(
    previous === undefined || latest === undefined
      ? undefined
      : operationsOf(previous, latest.entryPath),
    operationsOf(filesystem, entryPath),
  );
  const versionId = newId();
  const version: OpenApiSpecVersionRecord = {
    id: versionId,
    specId,
    number: (latest?.number ?? 0) + 1,
    url: 'url' in started.source ? entryUrl : services.textVersionUrl(started, versionId),
    entryPath,
    contentSha256: sha256,
    changes,
    createdAt: now().toISOString(),
  };
  await db.transaction().execute(async (trx) => {
    const current: OpenApiSpecRecord = { ...succeeded, lastVersionId: versionId };
    if (!(await replaceOpenApiSpecAtGeneration(trx, current, generation))) return;
    await insertOpenApiSpecVersion(trx, version);
    await recordSpecEvent(trx, systemActor, current, 'openapi_spec.version_created', now(), {
      version: versionId,
      breaking: changes.breaking,
    });
  });
}
