import type { components } from '@quire/contract';
import type { Document } from '@quire/document';
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
import type { AppServices } from '../services/app-services.js';
import { findTranslation, listTranslations } from '../store/translations.js';
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
  listTranslations: async ({ params, query, actor, services }) => {
    const { role } = await loadOrganizationForMember(services.db, actor, params.organizationId);
    const page = await listTranslations(services.db, params.organizationId, pageRequest(query));
    return {
      status: 200,
      body: presentList(page, (translation) =>
        presentTranslation(translation, role, services.urls),
      ),
    };
  },

  createTranslation: async ({ params, body, actor, services }) => {
    const role = await requireCreator(services, actor, params.organizationId);
    const translation = await createTranslation(
      services.db,
      actor,
      params.organizationId,
      {
        source: body.source,
        language: body.language,
        instructions: await instructionsOf(services, body.instructions),
      },
      services.clock.now(),
    );
    const presented = presentTranslation(translation, role, services.urls);
    return { status: 201, body: presented, headers: { Location: presented.urls.location } };
  },

  getTranslation: async ({ params, actor, services }) => {
    const { role } = await loadOrganizationForMember(services.db, actor, params.organizationId);
    const translation = await loadTranslation(
      services.db,
      params.organizationId,
      params.translationId,
    );
    return { status: 200, body: presentTranslation(translation, role, services.urls) };
  },

  updateTranslation: async ({ params, body, actor, services }) => {
    const role = await requireCreator(services, actor, params.organizationId);
    const translation = await loadTranslation(
      services.db,
      params.organizationId,
      params.translationId,
    );
    const instructions = await instructionsOf(services, body.instructions);
    await updateTranslation(services.db, actor, translation, instructions, services.clock.now());
    const updated = await loadTranslation(services.db, params.organizationId, params.translationId);
    return { status: 200, body: presentTranslation(updated, role, services.urls) };
  },

  deleteTranslation: async ({ params, actor, services }) => {
    await requireCreator(services, actor, params.organizationId);
    const translation = await findTranslation(
      services.db,
      params.organizationId,
      params.translationId,
    );
    if (translation === undefined) return { status: 204 };
    await removeTranslation(services.db, actor, translation, services.clock.now());
    return { status: 205 };
  },

  runTranslation: async ({ params, actor, services }) => {
    await requireCreator(services, actor, params.organizationId);
    const translation = await loadTranslation(
      services.db,
      params.organizationId,
      params.translationId,
    );
    await requestTranslationRun(services.db, actor, translation, services.clock.now());
    return { status: 204 };
  },
};

async function requireCreator(
  services: AppServices,
  actor: Actor,
  organizationId: string,
): Promise<MemberRole> {
  const { role } = await loadOrganizationForMember(services.db, actor, organizationId);
  requireOrganizationRole(role, 'create', 'change translations');
  return role;
}

// Instructions are a document like a page body, checked the same way (400 when unreadable).
async function instructionsOf(
  services: AppServices,
  instructions: components['schemas']['JsonDocument'],
): Promise<Document>;
async function instructionsOf(
  services: AppServices,
  instructions: components['schemas']['JsonDocument'] | undefined,
): Promise<Document | undefined>;
async function instructionsOf(
  services: AppServices,
  instructions: components['schemas']['JsonDocument'] | undefined,
): Promise<Document | undefined> {
  if (instructions === undefined) return undefined;
  return prepareBody({ document: instructions }, 'body.instructions', services.contentWrites);
}
