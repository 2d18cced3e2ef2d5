import type { components } from '@quire/contract';
import type { Kysely } from 'kysely';
import { conflict, notFound } from '../../errors.js';
import { newId } from '../../ids.js';
import type { MemberRole } from '../../model/roles.js';
import { requireOrganizationRole } from '../../policies/organization-policy.js';
import {
  deleteOpenApiSpec,
  findOpenApiSpecBySlug,
  insertOpenApiSpec,
  type OpenApiSpecRecord,
  type SpecSource,
  writeOpenApiSpecSource,
  writeOpenApiSpecVisibility,
} from '../../store/openapi-specs.js';
import type { Database, Executor } from '../../store/schema.js';
import { type Actor, type Caller, isSiteReader } from '../actor.js';
import { recordEvent, type systemActor } from '../events/record-event.js';
import { jobKind, queueJob } from '../jobs/job-kind.js';
import { loadOrganizationForMember } from '../organizations/organization-access.js';
import { requireReachableUrl } from '../outbound-targets.js';
import { loadSiteOfReader } from '../published/site-readers.js';
import type { ShareKeys } from '../sites/share-keys.js';
import { conflictOnDuplicate } from '../unique-writes.js';

type Visibility = components['schemas']['OpenAPISpecVisibility'];
type SpecAction =
  | 'openapi_spec.created'
  | 'openapi_spec.updated'
  | 'openapi_spec.deleted'
  | 'openapi_spec.version_created';

/** The job kind that processes a spec's source; its payload is `{specId, generation}`. */
export const openApiProcessingJobKind = jobKind('openapi.process', {
  specId: 'string',
  generation: 'number',
});

/** A spec and the caller's role in its organization. */
export interface OpenApiSpecAccess {
  spec: OpenApiSpecRecord;
  role: MemberRole;
}

/**
 * Loads the caller's role in an organization, requiring `create` or higher to change its specs
 * (a non-member gets a 404, a member below `create` a 403).
 */
export async function loadOrganizationToChangeSpecs(
  db: Executor,
  actor: Actor,
  organizationId: string,
): Promise<MemberRole> {
  const { role } = await loadOrganizationForMember(db, actor, organizationId);
  requireOrganizationRole(role, 'create', 'change OpenAPI specs');
  return role;
}

/** A spec of an organization the caller is a member of, by slug; else a 404. */
export async function loadOpenApiSpecForMember(
  db: Executor,
  actor: Actor,
  organizationId: string,
  slug: string,
): Promise<OpenApiSpecAccess> {
  const { role } = await loadOrganizationForMember(db, actor, organizationId);
  const spec = await findOpenApiSpecBySlug(db, organizationId, slug);
  if (spec === undefined) throw notFound(`OpenAPI spec ${slug} not found`);
  return { spec, role };
}

/**
 * A spec as a caller reads its versions: a member of its organization, or the reader of one of
 * the organization's published sites, whose pages show the operations of its specs. A reader
 * whose site no longer opens is refused as on any read; another organization's spec is a 404.
 */
export async function loadOpenApiSpecForCaller(
  db: Executor,
  caller: Caller,
  { organizationId, slug }: { organizationId: string; slug: string },
  { keys, now }: { keys: ShareKeys; now: Date },
): Promise<OpenApiSpecRecord> {
  if (!isSiteReader(caller)) {
    return (await loadOpenApiSpecForMember(db, caller, organizationId, slug)).spec;
  }
  await loadSiteOfReader(db, caller, keys, now);
  const spec =
    caller.organizationId === organizationId
      ? await findOpenApiSpecBySlug(db, organizationId, slug)
      : undefined;
  if (spec === undefined) throw notFound(`OpenAPI spec ${slug} not found`);
  return spec;
}

/**
 * Creates a spec and queues the processing of its source, in one transaction; a slug the
 * organization already has is a 409.
 */
export async function createOpenApiSpec(
  db: Kysely<Database>,
  actor: Actor,
  organizationId: string,
  input: { slug: string; source: SpecSource; visibility?: Visibility | undefined },
  { now, allowPrivate }: { now: Date; allowPrivate: boolean },
): Promise<OpenApiSpecRecord> {
  await requireReachableSource(input.source, allowPrivate);
  return conflictOnDuplicate(
    () =>
      db.transaction().execute(async (trx) => {
        if ((await findOpenApiSpecBySlug(trx, organizationId, input.slug)) !== undefined) {
          throw conflict(duplicateSlug(input.slug));
        }
        return insertSpec(trx, actor, organizationId, input, now);
      }),
    duplicateSlug(input.slug),
  );
}

/**
 * Creates the spec with this slug, or sets the source of the existing one; either way queues
 * the processing of the source. Answers the spec and whether it was created.
 */
export async function putOpenApiSpec(
  db: Kysely<Database>,
  actor: Actor,
  organizationId: string,
  slug: string,
  source: SpecSource,
  { now, allowPrivate }: { now: Date; allowPrivate: boolean },
): Promise<{ spec: OpenApiSpecRecord; created: boolean }> {
  await requireReachableSource(source, allowPrivate);
  return conflictOnDuplicate(
    () =>
      db.transaction().execute(async (trx) => {
        const found = await findOpenApiSpecBySlug(trx, organizationId, slug);
        if (found === undefined) {
          return {
            spec: await insertSpec(trx, actor, organizationId, { slug, source }, now),
            created: true,
          };
        }
        // Raised in the statement that writes the source: each of concurrent writes counts, and
        // queues the processing of the generation it made.
        const spec = await writeOpenApiSpecSource(trx, found.id, { source, now });
        if (spec === undefined) throw notFound(`OpenAPI spec ${slug} not found`);
        await queueProcessing(trx, spec, now);
        await recordSpecEvent(trx, actor, spec, 'openapi_spec.updated', now, {
          fields: ['source'],
        });
        return { spec, created: false };
      }),
    duplicateSlug(slug),
  );
}

/** Sets who may see a spec. */
export function setOpenApiSpecVisibility(
  db: Kysely<Database>,
  actor: Actor,
  spec: OpenApiSpecRecord,
  visibility: Visibility,
  now: Date,
): Promise<OpenApiSpecRecord> {
  return db.transaction().execute(async (trx) => {
    const updated = await writeOpenApiSpecVisibility(trx, spec.id, { visibility, now });
    if (updated === undefined) throw notFound(`OpenAPI spec ${spec.slug} not found`);
    await recordSpecEvent(trx, actor, updated, 'openapi_spec.updated', now, {
      fields: ['visibility'],
    });
    return updated;
  });
}

/** Deletes a spec and its versions (their content blobs stay: other versions may share them). */
export function removeOpenApiSpec(
  db: Kysely<Database>,
  actor: Actor,
  spec: OpenApiSpecRecord,
  now: Date,
): Promise<void> {
  return db.transaction().execute(async (trx) => {
    await deleteOpenApiSpec(trx, spec.id);
    await recordSpecEvent(trx, actor, spec, 'openapi_spec.deleted', now);
  });
}

async function insertSpec(
  trx: Executor,
  actor: Actor,
  organizationId: string,
  input: { slug: string; source: SpecSource; visibility?: Visibility | undefined },
  now: Date,
): Promise<OpenApiSpecRecord> {
  const at = now.toISOString();
  const spec: OpenApiSpecRecord = {
    id: newId(),
    organizationId,
    slug: input.slug,
    source: input.source,
    visibility: input.visibility ?? 'private',
    processingState: 'pending',
    generation: 1,
    lastVersionId: null,
    lastProcessedAt: null,
    lastProcessErrorCode: null,
    lastProcessErrors: [],
    lastProcessErrorCount: 0,
    createdAt: at,
    updatedAt: at,
  };
  await insertOpenApiSpec(trx, spec);
  await queueProcessing(trx, spec, now);
  await recordSpecEvent(trx, actor, spec, 'openapi_spec.created', now);
  return spec;
}

function queueProcessing(trx: Executor, spec: OpenApiSpecRecord, now: Date): Promise<string> {
  return queueJob(
    trx,
    openApiProcessingJobKind,
    { specId: spec.id, generation: spec.generation },
    { runAt: now, now },
  );
}

/** A source fetched from a URL the outbound guard refuses is a 400 now, not a failure later. */
function requireReachableSource(source: SpecSource, allowPrivate: boolean): Promise<void> {
  return 'url' in source
    ? requireReachableUrl(source.url, 'body.source.url', allowPrivate)
    : Promise.resolve();
}

/** A concurrent write of the same slug loses on the unique index: a 409, not a 500. */
const duplicateSlug = (slug: string) => `The organization already has an OpenAPI spec ${slug}`;

/** Records an event about a spec, by a member or (processing) by the server. */
export async function recordSpecEvent(
  trx: Executor,
  actor: Actor | typeof systemActor,
  spec: OpenApiSpecRecord,
  action: SpecAction,
  now: Date,
  payload?: Record<string, unknown>,
): Promise<void> {
  await recordEvent(
    trx,
    actor,
    {
      action,
      organizationId: spec.organizationId,
      target: { type: 'openapi-spec', id: spec.id, label: spec.slug },
      ...(payload === undefined ? {} : { payload }),
    },
    now,
  );
}
