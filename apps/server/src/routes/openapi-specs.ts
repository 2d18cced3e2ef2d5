import type { AppDeps } from '../deps.js';
import type { Actor, Caller } from '../domain/actor.js';
import {
  createOpenApiSpec,
  loadOpenApiSpecForCaller,
  loadOpenApiSpecForMember,
  loadOrganizationToChangeSpecs,
  putOpenApiSpec,
  removeOpenApiSpec,
  setOpenApiSpecVisibility,
} from '../domain/openapi/openapi-specs.js';
import {
  loadOpenApiSpecVersion,
  previousVersionId,
  readVersionFilesystem,
} from '../domain/openapi/spec-versions.js';
import { loadOrganizationForMember } from '../domain/organizations/organization-access.js';
import type { HandlerTable } from '../http/handler.js';
import { presentList } from '../presenters/list.js';
import {
  presentOpenApiSpec,
  presentOpenApiSpecContent,
  presentOpenApiSpecVersion,
  presentOpenApiSpecVersionChanges,
} from '../presenters/openapi-spec.js';
import {
  findOpenApiSpecBySlug,
  listOpenApiSpecs,
  listOpenApiSpecVersions,
  type OpenApiSpecRecord,
} from '../store/openapi-specs.js';
import { pageRequest } from './page-request.js';
import { shareKeysOf } from './site-views.js';

type OpenApiSpecHandlers = Pick<
  HandlerTable,
  | 'listOpenAPISpecs'
  | 'createOpenAPISpec'
  | 'getOpenAPISpecBySlug'
  | 'createOrUpdateOpenAPISpecBySlug'
  | 'updateOpenAPISpecBySlug'
  | 'deleteOpenAPISpecBySlug'
  | 'listOpenAPISpecVersions'
  | 'getLatestOpenAPISpecVersion'
  | 'getLatestOpenAPISpecVersionContent'
  | 'getOpenAPISpecVersionById'
  | 'getOpenAPISpecVersionContentById'
  | 'getOpenAPISpecVersionChanges'
>;

/** Handlers of OpenAPI specs: any member reads them, `create` or higher writes them. */
export const openApiSpecHandlers: OpenApiSpecHandlers = {
  listOpenAPISpecs: async ({ params, query, actor, deps }) => {
    const { role } = await loadOrganizationForMember(deps.db, actor, params.organizationId);
    const page = await listOpenApiSpecs(deps.db, params.organizationId, pageRequest(query));
    return {
      status: 200,
      body: presentList(page, (spec) => presentOpenApiSpec(spec, role, deps.urls)),
    };
  },

  createOpenAPISpec: async ({ params, body, actor, deps }) => {
    const role = await loadOrganizationToChangeSpecs(deps.db, actor, params.organizationId);
    const spec = await createOpenApiSpec(
      deps.db,
      actor,
      params.organizationId,
      body,
      deps.clock.now(),
    );
    return { status: 201, body: presentOpenApiSpec(spec, role, deps.urls) };
  },

  getOpenAPISpecBySlug: async ({ params, actor, deps }) => {
    const { spec, role } = await loadOpenApiSpecForMember(
      deps.db,
      actor,
      params.organizationId,
      params.specSlug,
    );
    return { status: 200, body: presentOpenApiSpec(spec, role, deps.urls) };
  },

  createOrUpdateOpenAPISpecBySlug: async ({ params, body, actor, deps }) => {
    const role = await loadOrganizationToChangeSpecs(deps.db, actor, params.organizationId);
    const { spec, created } = await putOpenApiSpec(
      deps.db,
      actor,
      params.organizationId,
      params.specSlug,
      body.source,
      deps.clock.now(),
    );
    return { status: created ? 201 : 200, body: presentOpenApiSpec(spec, role, deps.urls) };
  },

  updateOpenAPISpecBySlug: async ({ params, body, actor, deps }) => {
    const role = await loadOrganizationToChangeSpecs(deps.db, actor, params.organizationId);
    const spec = await specForMember(deps, actor, params);
    const updated = await setOpenApiSpecVisibility(
      deps.db,
      actor,
      spec,
      body.visibility,
      deps.clock.now(),
    );
    return { status: 200, body: presentOpenApiSpec(updated, role, deps.urls) };
  },

  deleteOpenAPISpecBySlug: async ({ params, actor, deps }) => {
    await loadOrganizationToChangeSpecs(deps.db, actor, params.organizationId);
    const spec = await findOpenApiSpecBySlug(deps.db, params.organizationId, params.specSlug);
    if (spec !== undefined) await removeOpenApiSpec(deps.db, actor, spec, deps.clock.now());
    return { status: 204 };
  },

  listOpenAPISpecVersions: async ({ params, query, actor, deps }) => {
    const spec = await specForMember(deps, actor, params);
    const page = await listOpenApiSpecVersions(deps.db, spec.id, pageRequest(query));
    return {
      status: 200,
      body: presentList(page, (version) => presentOpenApiSpecVersion(spec, version, deps.urls)),
    };
  },

  getLatestOpenAPISpecVersion: async ({ params, actor, deps }) =>
    versionAnswer(deps, await specForCaller(deps, actor, params), 'latest'),

  getLatestOpenAPISpecVersionContent: async ({ params, actor, deps }) =>
    contentAnswer(deps, await specForCaller(deps, actor, params), 'latest'),

  getOpenAPISpecVersionById: async ({ params, actor, deps }) =>
    versionAnswer(deps, await specForMember(deps, actor, params), params.versionId),

  getOpenAPISpecVersionContentById: async ({ params, actor, deps }) =>
    contentAnswer(deps, await specForMember(deps, actor, params), params.versionId),

  getOpenAPISpecVersionChanges: async ({ params, actor, deps }) => {
    const spec = await specForMember(deps, actor, params);
    const version = await loadOpenApiSpecVersion(deps.db, spec, params.versionId);
    const previous = await previousVersionId(deps.db, version);
    return { status: 200, body: presentOpenApiSpecVersionChanges(version, previous) };
  },
};

interface SpecParams {
  organizationId: string;
  specSlug: string;
}

/** The spec a member reads. */
async function specForMember(deps: AppDeps, actor: Actor, params: SpecParams) {
  return (await loadOpenApiSpecForMember(deps.db, actor, params.organizationId, params.specSlug))
    .spec;
}

/** The spec a member, or a reader of one of its organization's sites, reads. */
function specForCaller(deps: AppDeps, caller: Caller, params: SpecParams) {
  return loadOpenApiSpecForCaller(
    deps.db,
    caller,
    { organizationId: params.organizationId, slug: params.specSlug },
    { keys: shareKeysOf(deps), now: deps.clock.now() },
  );
}

/** A version of the spec (`latest`, or by id). */
async function versionAnswer(deps: AppDeps, spec: OpenApiSpecRecord, versionId: string) {
  const version = await loadOpenApiSpecVersion(deps.db, spec, versionId);
  return { status: 200 as const, body: presentOpenApiSpecVersion(spec, version, deps.urls) };
}

/** The files of a version of the spec (`latest`, or by id). */
async function contentAnswer(deps: AppDeps, spec: OpenApiSpecRecord, versionId: string) {
  const version = await loadOpenApiSpecVersion(deps.db, spec, versionId);
  const filesystem = await readVersionFilesystem(deps.blobs, version);
  return { status: 200 as const, body: presentOpenApiSpecContent(spec, version, filesystem) };
}
