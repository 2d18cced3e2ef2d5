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
import type { AppServices } from '../services/app-services.js';
import {
  findOpenApiSpecBySlug,
  listOpenApiSpecs,
  listOpenApiSpecVersions,
  type OpenApiSpecRecord,
} from '../store/openapi-specs.js';
import { pageRequest } from './page-request.js';

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
  listOpenAPISpecs: async ({ params, query, actor, services }) => {
    const { role } = await loadOrganizationForMember(services.db, actor, params.organizationId);
    const page = await listOpenApiSpecs(services.db, params.organizationId, pageRequest(query));
    return {
      status: 200,
      body: presentList(page, (spec) => presentOpenApiSpec(spec, role, services.urls)),
    };
  },

  createOpenAPISpec: async ({ params, body, actor, services }) => {
    const role = await loadOrganizationToChangeSpecs(services.db, actor, params.organizationId);
    const spec = await createOpenApiSpec(services.db, actor, params.organizationId, body, {
      now: services.clock.now(),
      allowPrivate: services.outboundAllowPrivate,
    });
    return {
      status: 201,
      headers: { Location: specUrl(services, spec) },
      body: presentOpenApiSpec(spec, role, services.urls),
    };
  },

  getOpenAPISpecBySlug: async ({ params, actor, services }) => {
    const { spec, role } = await loadOpenApiSpecForMember(
      services.db,
      actor,
      params.organizationId,
      params.specSlug,
    );
    return { status: 200, body: presentOpenApiSpec(spec, role, services.urls) };
  },

  createOrUpdateOpenAPISpecBySlug: async ({ params, body, actor, services }) => {
    const role = await loadOrganizationToChangeSpecs(services.db, actor, params.organizationId);
    const { spec, created } = await putOpenApiSpec(
      services.db,
      actor,
      params.organizationId,
      params.specSlug,
      body.source,
      { now: services.clock.now(), allowPrivate: services.outboundAllowPrivate },
    );
    const answer = presentOpenApiSpec(spec, role, services.urls);
    return created
      ? { status: 201, headers: { Location: specUrl(services, spec) }, body: answer }
      : { status: 200, body: answer };
  },

  updateOpenAPISpecBySlug: async ({ params, body, actor, services }) => {
    const role = await loadOrganizationToChangeSpecs(services.db, actor, params.organizationId);
    const spec = await specForMember(services, actor, params);
    const updated = await setOpenApiSpecVisibility(
      services.db,
      actor,
      spec,
      body.visibility,
      services.clock.now(),
    );
    return { status: 200, body: presentOpenApiSpec(updated, role, services.urls) };
  },

  deleteOpenAPISpecBySlug: async ({ params, actor, services }) => {
    await loadOrganizationToChangeSpecs(services.db, actor, params.organizationId);
    const spec = await findOpenApiSpecBySlug(services.db, params.organizationId, params.specSlug);
    if (spec !== undefined) await removeOpenApiSpec(services.db, actor, spec, services.clock.now());
    return { status: 204 };
  },

  listOpenAPISpecVersions: async ({ params, query, actor, services }) => {
    const spec = await specForMember(services, actor, params);
    const page = await listOpenApiSpecVersions(services.db, spec.id, pageRequest(query));
    return {
      status: 200,
      body: presentList(page, (version) => presentOpenApiSpecVersion(spec, version, services.urls)),
    };
  },

  getLatestOpenAPISpecVersion: async ({ params, actor, services }) =>
    versionAnswer(services, await specForCaller(services, actor, params), 'latest'),

  getLatestOpenAPISpecVersionContent: async ({ params, actor, services }) =>
    contentAnswer(services, await specForCaller(services, actor, params), 'latest'),

  getOpenAPISpecVersionById: async ({ params, actor, services }) =>
    versionAnswer(services, await specForMember(services, actor, params), params.versionId),

  getOpenAPISpecVersionContentById: async ({ params, actor, services }) =>
    contentAnswer(services, await specForMember(services, actor, params), params.versionId),

  getOpenAPISpecVersionChanges: async ({ params, actor, services }) => {
    const spec = await specForMember(services, actor, params);
    const version = await loadOpenApiSpecVersion(services.db, spec, params.versionId);
    const previous = await previousVersionId(services.db, version);
    return { status: 200, body: presentOpenApiSpecVersionChanges(version, previous) };
  },
};

interface SpecParams {
  organizationId: string;
  specSlug: string;
}

/** The spec a member reads. */
async function specForMember(services: AppServices, actor: Actor, params: SpecParams) {
  return (
    await loadOpenApiSpecForMember(services.db, actor, params.organizationId, params.specSlug)
  ).spec;
}

/** The spec a member, or a reader of one of its organization's sites, reads. */
function specForCaller(services: AppServices, caller: Caller, params: SpecParams) {
  return loadOpenApiSpecForCaller(
    services.db,
    caller,
    { organizationId: params.organizationId, slug: params.specSlug },
    { keys: services.shareKeys, now: services.clock.now() },
  );
}

/** A version of the spec (`latest`, or by id). */
async function versionAnswer(services: AppServices, spec: OpenApiSpecRecord, versionId: string) {
  const version = await loadOpenApiSpecVersion(services.db, spec, versionId);
  return { status: 200 as const, body: presentOpenApiSpecVersion(spec, version, services.urls) };
}

/** The files of a version of the spec (`latest`, or by id). */
async function contentAnswer(services: AppServices, spec: OpenApiSpecRecord, versionId: string) {
  const version = await loadOpenApiSpecVersion(services.db, spec, versionId);
  const filesystem = await readVersionFilesystem(services.blobs, version);
  return { status: 200 as const, body: presentOpenApiSpecContent(spec, version, filesystem) };
}

/** The API URL of a spec, as a 201 answers it in `Location`. */
function specUrl(services: AppServices, spec: OpenApiSpecRecord): string {
  return services.urls.api('orgs', spec.organizationId, 'openapi', spec.slug);
}
