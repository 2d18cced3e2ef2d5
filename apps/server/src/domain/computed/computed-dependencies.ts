import { invalid } from '../../errors.js';
import { isRecord } from '../../is-record.js';
import { findLatestOpenApiSpecVersion, findOpenApiSpecBySlug } from '../../store/openapi-specs.js';
import type { Executor } from '../../store/schema.js';
import { findSpaceById } from '../../store/spaces.js';

/**
 * Resolves a computed source's dependencies for its event, as GitBook's
 * `ComputedContentDependencyResolved`: a space of the organization (`{kind: 'space'}`) becomes
 * `{object: 'space', id, revision}` at its current revision, an OpenAPI spec by slug
 * (`{kind: 'openapi'}`) `{object: 'openapi-spec', id, slug, lastVersion?, visibility}`, and
 * what cannot be found in the organization `null`. A translation resolves to `null` (not run
 * yet, as GitBook says it). A dependency already given with its `value` is passed on as given.
 */
export async function resolveDependencies(
  db: Executor,
  organizationId: string,
  dependencies: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const resolved: Record<string, unknown> = {};
  for (const [name, dependency] of Object.entries(dependencies)) {
    if (!isRecord(dependency) || !isRecord(dependency.ref)) {
      throw invalid(`source.dependencies.${name} must be an object with a ref`);
    }
    resolved[name] =
      'value' in dependency
        ? dependency
        : {
            ref: dependency.ref,
            value: await resolvedValue(db, organizationId, dependency.ref, name),
          };
  }
  return resolved;
}

async function resolvedValue(
  db: Executor,
  organizationId: string,
  ref: Record<string, unknown>,
  name: string,
): Promise<Record<string, unknown> | null> {
  if (ref.kind === 'space' && typeof ref.space === 'string') {
    const space = await findSpaceById(db, ref.space);
    if (space === undefined || space.deletedAt !== null || space.organizationId !== organizationId)
      return null;
    return { object: 'space', id: space.id, revision: space.revisionId };
  }
  if (ref.kind === 'openapi' && typeof ref.spec === 'string') {
    const spec = await findOpenApiSpecBySlug(db, organizationId, ref.spec);
    if (spec === undefined) return null;
    const latest = await findLatestOpenApiSpecVersion(db, spec.id);
    return {
      object: 'openapi-spec',
      id: spec.id,
      slug: spec.slug,
      ...(latest === undefined ? {} : { lastVersion: latest.id }),
      visibility: spec.visibility,
    };
  }
  if (ref.kind === 'translation' && typeof ref.translation === 'string') return null;
  throw invalid(
    `source.dependencies.${name}.ref must be {kind: 'space', space}, {kind: 'openapi', spec} or {kind: 'translation', translation}`,
  );
}
