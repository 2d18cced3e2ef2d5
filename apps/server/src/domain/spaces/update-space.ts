import type { Kysely } from 'kysely';
import type { SpaceEditMode } from '../../model/enums.js';
import type { EventAction } from '../../model/event-actions.js';
import type { SpaceMergeRules } from '../../model/merge-rules.js';
import type { MemberRole } from '../../model/roles.js';
import type { Database, Executor } from '../../store/schema.js';
import {
  findSpaceById,
  type SpaceChanges,
  type SpaceRecord,
  updateSpace,
} from '../../store/spaces.js';
import type { Actor } from '../actor.js';
import { requireMergeRuleMembers } from '../change-requests/merge-rules.js';
import { recordEvent } from '../events/record-event.js';
import { spaceEvent } from '../events/space-events.js';

/** The settings of a space an update may change; absent fields stay as they are. */
export interface SpaceSettings {
  title?: string | undefined;
  emoji?: string | undefined;
  editMode?: SpaceEditMode | undefined;
  defaultLevel?: MemberRole | null | undefined;
  mergeRules?: SpaceMergeRules | undefined;
}

/** Writes `changes` to a space and reads it back; pass a transaction. */
export async function applySpaceChanges(
  trx: Executor,
  spaceId: string,
  changes: SpaceChanges,
): Promise<SpaceRecord> {
  await updateSpace(trx, spaceId, changes);
  const space = await findSpaceById(trx, spaceId);
  if (space === undefined) throw new Error(`Space ${spaceId} vanished while changing`);
  return space;
}

/**
 * Writes `changes` to a space, records the event `action` by `actor` and reads the space back,
 * in one transaction.
 */
export function changeSpace(
  db: Kysely<Database>,
  actor: Actor,
  spaceId: string,
  changes: SpaceChanges,
  action: EventAction,
  payload?: Record<string, unknown>,
): Promise<SpaceRecord> {
  return db.transaction().execute(async (trx) => {
    const space = await applySpaceChanges(trx, spaceId, changes);
    await recordEvent(trx, actor, spaceEvent(action, space, payload), new Date(changes.updatedAt));
    return space;
  });
}

/** Applies settings to a space; merge rules naming someone outside its organization are a 400. */
export async function updateSpaceSettings(
  db: Kysely<Database>,
  actor: Actor,
  space: Pick<SpaceRecord, 'id' | 'organizationId'>,
  settings: SpaceSettings,
  now: Date,
): Promise<SpaceRecord> {
  await requireMergeRuleMembers(db, space.organizationId, settings.mergeRules, 'body.mergeRules');
  return changeSpace(
    db,
    actor,
    space.id,
    {
      title: settings.title,
      emoji: settings.emoji,
      editMode: settings.editMode,
      defaultLevel: settings.defaultLevel,
      mergeRules: settings.mergeRules,
      updatedAt: now.toISOString(),
    },
    'space.updated',
    { fields: Object.keys(settings).sort() },
  );
}
