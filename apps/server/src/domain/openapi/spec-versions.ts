import { notFound } from '../../errors.js';
import { isRecord } from '../../is-record.js';
import type { BlobStore } from '../../store/blobs/blob-store.js';
import {
  findOpenApiSpecVersion,
  findOpenApiSpecVersionBefore,
  type OpenApiSpecRecord,
  type OpenApiSpecVersionRecord,
} from '../../store/openapi-specs.js';
import type { Executor } from '../../store/schema.js';
import type { SpecFilesystem } from './spec-operations.js';

/**
 * A version of a spec: `latest` or an id. A spec without versions yet, or without that one, is
 * a 404.
 */
export async function loadOpenApiSpecVersion(
  db: Executor,
  spec: OpenApiSpecRecord,
  versionId: string | 'latest',
): Promise<OpenApiSpecVersionRecord> {
  const id = versionId === 'latest' ? spec.lastVersionId : versionId;
  const version = id === null ? undefined : await findOpenApiSpecVersion(db, spec.id, id);
  if (version === undefined) {
    throw notFound(
      versionId === 'latest'
        ? `OpenAPI spec ${spec.slug} has no version yet`
        : `OpenAPI spec ${spec.slug} has no version ${versionId}`,
    );
  }
  return version;
}

/** The id of the version before this one, if any. */
export async function previousVersionId(
  db: Executor,
  version: OpenApiSpecVersionRecord,
): Promise<string | undefined> {
  return (await findOpenApiSpecVersionBefore(db, version.specId, version.number))?.id;
}

/** The parsed files of a version, read from the blob store. */
export async function readVersionFilesystem(
  blobs: BlobStore,
  version: OpenApiSpecVersionRecord,
): Promise<SpecFilesystem> {
  const bytes = await blobs.read(version.contentSha256);
  if (bytes === undefined) {
    throw new Error(
      `The content ${version.contentSha256} of OpenAPI spec version ${version.id} is missing`,
    );
  }
  const parsed: unknown = JSON.parse(new TextDecoder().decode(bytes));
  if (!isRecord(parsed))
    throw new Error(`The content of OpenAPI spec version ${version.id} is not an object`);
  return parsed;
}
