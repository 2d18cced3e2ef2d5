import type { components } from '@quire/contract';
import type { Document } from '@quire/document';
import type { AppDeps } from '../deps.js';
import type { Actor } from '../domain/actor.js';
import { prepareBody } from '../domain/content/prepare-changes.js';
import { loadOrganizationForMember } from '../domain/organizations/organization-access.js';
import {
  createTranslation,
  loadTranslation,
  removeTranslation,
  requestTranslationRun,
  updateTranslation,
} from '../domain/translations/translations.js';
import type { HandlerTable } from '../http/handler.js';
import type { MemberRole } from '../model/roles.js';
import { requireOrganizationRole } from '../policies/organization-policy.js';
import { presentList } from '../presenters/list.js';
import { presentTranslation } from '../presenters/translation.js';
import { findTranslation, listTranslations } from '../store/translations.js';
import { contentWriteServices } from './content-write-services.js';
import { pageRequest } from './page-request.js';

type TranslationHandlers = Pick<
  HandlerTable,
  | 'listTranslations'
  | 'createTranslation'
  | 'getTranslation'
  | 'updateTranslation'
  | 'deleteTranslation'
  | 'runTranslation'
>;

/** Handlers of an organization's translations: any member reads them, `create` or higher changes them. */
export const translationHandlers: TranslationHandlers = {
  listTranslations: async ({ params, query, actor, deps }) => {
    const { role } = await loadOrganizationForMember(deps.db, actor, params.organizationId);
    const page = await listTranslations(deps.db, params.organizationId, pageRequest(query));
    return {
      status: 200,
      body: presentList(page, (translation) => presentTranslation(translation, role, deps.urls)),
    };
  },

  createTranslation: async ({ params, body, actor, deps }) => {
    const role = await requireCreator(deps, actor, params.organizationId);
    const translation = await createTranslation(
      deps.db,
      actor,
      params.organizationId,
      {
        source: body.source,
        language: body.language,
        instructions: await instructionsOf(deps, body.instructions),
      },
      deps.clock.now(),
    );
    const presented = presentTranslation(translation, role, deps.urls);
    return { status: 201, body: presented, headers: { Location: presented.urls.location } };
  },

  getTranslation: async ({ params, actor, deps }) => {
    const { role } = await loadOrganizationForMember(deps.db, actor, params.organizationId);
    const translation = await loadTranslation(deps.db, params.organizationId, params.translationId);
    return { status: 200, body: presentTranslation(translation, role, deps.urls) };
  },

  updateTranslation: async ({ params, body, actor, deps }) => {
    const role = await requireCreator(deps, actor, params.organizationId);
    const translation = await loadTranslation(deps.db, params.organizationId, params.translationId);
    const instructions = await instructionsOf(deps, body.instructions);
    await updateTranslation(deps.db, actor, translation, instructions, deps.clock.now());
    const updated = await loadTranslation(deps.db, params.organizationId, params.translationId);
    return { status: 200, body: presentTranslation(updated, role, deps.urls) };
  },

  deleteTranslation: async ({ params, actor, deps }) => {
    await requireCreator(deps, actor, params.organizationId);
    const translation = await findTranslation(deps.db, params.organizationId, params.translationId);
    if (translation === undefined) return { status: 204 };
    await removeTranslation(deps.db, actor, translation, deps.clock.now());
    return { status: 205 };
  },

  runTranslation: async ({ params, actor, deps }) => {
    await requireCreator(deps, actor, params.organizationId);
    const translation = await loadTranslation(deps.db, params.organizationId, params.translationId);
    await requestTranslationRun(deps.db, actor, translation, deps.clock.now());
    return { status: 204 };
  },
};

async function requireCreator(
  deps: AppDeps,
  actor: Actor,
  organizationId: string,
): Promise<MemberRole> {
  const { role } = await loadOrganizationForMember(deps.db, actor, organizationId);
  requireOrganizationRole(role, 'create', 'change translations');
  return role;
}

// Instructions are a document like a page body, checked the same way (400 when unreadable).
async function instructionsOf(
  deps: AppDeps,
  instructions: components['schemas']['JsonDocument'],
): Promise<Document>;
async function instructionsOf(
  deps: AppDeps,
  instructions: components['schemas']['JsonDocument'] | undefined,
): Promise<Document | undefined>;
async function instructionsOf(
  deps: AppDeps,
  instructions: components['schemas']['JsonDocument'] | undefined,
): Promise<Document | undefined> {
  if (instructions === undefined) return undefined;
  return prepareBody({ document: instructions }, 'body.instructions', contentWriteServices(deps));
}
