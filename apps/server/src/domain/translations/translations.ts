import type { Document } from '@quire/document';
import type { Kysely } from 'kysely';
import { type DomainError, forbidden, invalid, notFound } from '../../errors.js';
import { newId } from '../../ids.js';
import type { Database, Executor } from '../../store/schema.js';
import {
  deleteTranslation,
  findTranslation,
  insertTranslation,
  type TranslationRecord,
  updateTranslationInstructions,
} from '../../store/translations.js';
import type { Actor } from '../actor.js';
import { recordEvent, type systemActor } from '../events/record-event.js';
import { findSpaceForCaller } from '../spaces/space-access.js';
import { queueTranslationRun } from './queue-translation-runs.js';

/** What a new translation is made from; `instructions` already checked as a document. */
export interface NewTranslation {
  source: { space: string; language: string };
  language: string;
  instructions: Document | undefined;
}

type TranslationAction =
  | 'translation.created'
  | 'translation.updated'
  | 'translation.run_requested'
  | 'translation.deleted'
  | 'translation.completed'
  | 'translation.failed';

/** The instructions of a translation created without any: an empty document. */
export const noInstructions: Document = {
  object: 'document',
  data: { schemaVersion: 1 },
  nodes: [],
};

/** The translation with this id in the organization, or a 404. */
export async function loadTranslation(
  db: Executor,
  organizationId: string,
  translationId: string,
): Promise<TranslationRecord> {
  const translation = await findTranslation(db, organizationId, translationId);
  if (translation === undefined) throw notFound(`Translation ${translationId} not found`);
  return translation;
}

/**
 * Creates a translation of a space of the organization that the caller may read (any other is
 * a 400, the same whether it exists or not), and queues its first run.
 */
export async function createTranslation(
  db: Kysely<Database>,
  actor: Actor,
  organizationId: string,
  input: NewTranslation,
  now: Date,
): Promise<TranslationRecord> {
  if (input.language === input.source.language) {
    throw invalid('body.language: a translation goes into another language than its source');
  }
  return db.transaction().execute(async (trx) => {
    await requireReadableSource(trx, actor, organizationId, input.source.space, () =>
      invalid(
        `body.source.space: no space ${input.source.space.slice(0, 64)} you may read in this organization`,
      ),
    );
    const at = now.toISOString();
    const translation: TranslationRecord = {
      id: newId(),
      organizationId,
      sourceSpaceId: input.source.space,
      sourceLanguage: input.source.language,
      language: input.language,
      instructions: input.instructions ?? noInstructions,
      status: 'pending',
      resultSpaceId: null,
      resultRevisionId: null,
      stats: {
        runs: 0,
        totalWords: 0,
        totalPages: 0,
        totalDuration: 0,
        latestRunDuration: 0,
        latestPages: 0,
        latestWords: 0,
      },
      createdBy: actor.user.id,
      createdAt: at,
      updatedAt: at,
      queuedJobId: null,
      runningJobId: null,
      runStartedAt: null,
      lastError: null,
    };
    await insertTranslation(trx, translation);
    await queueTranslationRun(trx, translation, now);
    await recordTranslationEvent(trx, actor, translation, 'translation.created', now);
    return translation;
  });
}

/**
 * Replaces a translation's instructions and queues a run: every page is translated again, as
 * the instructions are part of what each page was translated from.
 */
export async function updateTranslation(
  db: Kysely<Database>,
  actor: Actor,
  translation: TranslationRecord,
  instructions: Document,
  now: Date,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await requireReadableSource(
      trx,
      actor,
      translation.organizationId,
      translation.sourceSpaceId,
      sourceNoLongerReadable,
    );
    await updateTranslationInstructions(trx, translation.id, instructions, now.toISOString());
    await queueTranslationRun(trx, translation, now);
    await recordTranslationEvent(trx, actor, translation, 'translation.updated', now);
  });
}

/** Queues a run now; pages whose source did not change since the last run are kept as they are. */
export async function requestTranslationRun(
  db: Kysely<Database>,
  actor: Actor,
  translation: TranslationRecord,
  now: Date,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await requireReadableSource(
      trx,
      actor,
      translation.organizationId,
      translation.sourceSpaceId,
      sourceNoLongerReadable,
    );
    await queueTranslationRun(trx, translation, now);
    await recordTranslationEvent(trx, actor, translation, 'translation.run_requested', now);
  });
}

/** Deletes a translation; its result space stays, as content of its own. */
export async function removeTranslation(
  db: Kysely<Database>,
  actor: Actor,
  translation: TranslationRecord,
  now: Date,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await deleteTranslation(trx, translation.id);
    await recordTranslationEvent(trx, actor, translation, 'translation.deleted', now);
  });
}

/** Records an event about a translation. */
export async function recordTranslationEvent(
  trx: Executor,
  actor: Actor | typeof systemActor,
  translation: TranslationRecord,
  action: TranslationAction,
  now: Date,
  payload?: Record<string, unknown>,
): Promise<void> {
  await recordEvent(
    trx,
    actor,
    {
      action,
      organizationId: translation.organizationId,
      target: {
        type: 'translation',
        id: translation.id,
        label: `${translation.sourceLanguage} → ${translation.language}`,
      },
      payload: {
        source: translation.sourceSpaceId,
        language: translation.language,
        ...payload,
      },
    },
    now,
  );
}

async function requireReadableSource(
  trx: Executor,
  actor: Actor,
  organizationId: string,
  spaceId: string,
  refusal: () => DomainError,
): Promise<void> {
  const access = await findSpaceForCaller(trx, actor, spaceId);
  if (access === undefined || access.space.organizationId !== organizationId) throw refusal();
}

const sourceNoLongerReadable = () =>
  forbidden('Only members who may read the source space may change or run this translation');
