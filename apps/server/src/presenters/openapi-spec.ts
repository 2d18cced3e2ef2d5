import type { components } from '@quire/contract';
import { filesystemEntries } from '../domain/openapi/filesystem-entries.js';
import type { SpecFilesystem } from '../domain/openapi/spec-operations.js';
import type { MemberRole } from '../model/roles.js';
import { openApiSpecPermissions } from '../policies/openapi-spec-policy.js';
import type { OpenApiSpecRecord, OpenApiSpecVersionRecord } from '../store/openapi-specs.js';
import type { Urls } from './urls.js';

type OpenApiSpec = components['schemas']['OpenAPISpec'];
type OpenApiSpecVersion = components['schemas']['OpenAPISpecVersion'];
type OpenApiSpecContent = components['schemas']['OpenAPISpecContent'];
type OpenApiSpecVersionChanges = components['schemas']['OpenAPISpecVersionChanges'];

const specPath = (spec: OpenApiSpecRecord) => ['orgs', spec.organizationId, 'openapi', spec.slug];

/** Where anyone reads a spec: its source URL, when it is public and comes from one. */
function publicUrl(spec: OpenApiSpecRecord): string | undefined {
  return spec.visibility === 'public' && 'url' in spec.source ? spec.source.url : undefined;
}

/** A stored spec as the API shows it to a caller with this role. */
export function presentOpenApiSpec(
  spec: OpenApiSpecRecord,
  role: MemberRole,
  urls: Urls,
): OpenApiSpec {
  const published = publicUrl(spec);
  return {
    object: 'openapi-spec',
    id: spec.id,
    createdAt: spec.createdAt,
    updatedAt: spec.updatedAt,
    slug: spec.slug,
    ...('url' in spec.source ? { sourceURL: spec.source.url } : {}),
    processingState: spec.processingState,
    visibility: spec.visibility,
    ...(spec.lastVersionId === null ? {} : { lastVersion: spec.lastVersionId }),
    ...(spec.lastProcessedAt === null ? {} : { lastProcessedAt: spec.lastProcessedAt }),
    ...(spec.lastProcessErrorCode === null
      ? {}
      : { lastProcessErrorCode: spec.lastProcessErrorCode }),
    lastProcessedErrors: spec.lastProcessErrors,
    lastProcessedErrorCount: spec.lastProcessErrorCount,
    permissions: openApiSpecPermissions(role),
    urls: {
      location: urls.api(...specPath(spec)),
      app: urls.app(...specPath(spec)),
      ...(published === undefined ? {} : { published }),
    },
  };
}

/** A stored version of a spec as the API shows it. */
export function presentOpenApiSpecVersion(
  spec: OpenApiSpecRecord,
  version: OpenApiSpecVersionRecord,
  urls: Urls,
): OpenApiSpecVersion {
  return {
    object: 'openapi-spec-version',
    id: version.id,
    createdAt: version.createdAt,
    url: version.url,
    urls: { location: urls.api(...specPath(spec), 'versions', version.id) },
  };
}

/** The parsed files of a version. */
export function presentOpenApiSpecContent(
  spec: OpenApiSpecRecord,
  version: OpenApiSpecVersionRecord,
  filesystem: SpecFilesystem,
): OpenApiSpecContent {
  return {
    filesystem: filesystemEntries(filesystem, version.entryPath),
    url: version.url,
    urls: { source: version.url, public: publicUrl(spec) ?? null },
  };
}

/** What a version changed against the one before it (`undefined` for the first). */
export function presentOpenApiSpecVersionChanges(
  version: OpenApiSpecVersionRecord,
  previousVersionId: string | undefined,
): OpenApiSpecVersionChanges {
  return {
    object: 'openapi-spec-version-changes',
    version: version.id,
    ...(previousVersionId === undefined ? {} : { previousVersion: previousVersionId }),
    breaking: version.changes.breaking,
    added: version.changes.added,
    removed: version.changes.removed,
    changed: version.changes.changed,
  };
}
