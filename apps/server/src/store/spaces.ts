import { type Selectable, sql } from 'kysely';
import { cachedRead } from '../caches/database-caches.js';
import {
  type ContentVisibility,
  contentVisibilities,
  type SpaceEditMode,
  spaceEditModes,
  storedEnum,
} from '../model/enums.js';
import { type SpaceMergeRules, storedMergeRules } from '../model/merge-rules.js';
import { higherRole, isMemberRole, type MemberRole } from '../model/roles.js';
import { preparedQuery } from './database/prepared-query.js';
import { keysetPage, mapPage, type Page, type PageRequest } from './pagination.js';
import type { Executor, SpacesTable } from './schema.js';
import { grantedSpaceIds, roleRank } from './space-grants.js';

/** A stored space. */
export interface SpaceRecord {
  id: string;
  organizationId: string;
  parentId: string | null;
  title: string;
  emoji: string;
  visibility: ContentVisibility;
  editMode: SpaceEditMode;
  defaultLevel: MemberRole | null;
  revisionId: string;
  position: string;
  createdAt: string;
  updatedAt: string;
  deletedAt: string | null;
  /** How many change requests the space has: all of them, open ones and drafts. */
  changeRequestCounts: { total: number; open: number; draft: number };
  /** How many of the space's own comments are open. */
  commentsOpen: number;
  mergeRules: SpaceMergeRules;
}

/** The fields of a space that updates, moves, transfers, deletes and restores change. */
export type SpaceChanges = Partial<
  Pick<
    SpaceRecord,
    | 'organizationId'
    | 'parentId'
    | 'title'
    | 'emoji'
    | 'editMode'
    | 'defaultLevel'
    | 'mergeRules'
    | 'position'
    | 'deletedAt'
  >
> & { updatedAt: string };

/** Where a space sits: its organization and parent collection (`null`: the top level). */
export interface SiblingScope {
  organizationId: string;
  parentId: string | null;
}

function toSpace(row: Selectable<SpacesTable>): SpaceRecord {
  return {
    id: row.id,
    organizationId: row.organization_id,
    parentId: row.parent_id,
    title: row.title,
    emoji: row.emoji,
    visibility: storedEnum(contentVisibilities, row.visibility, 'visibility'),
    editMode: storedEnum(spaceEditModes, row.edit_mode, 'edit mode'),
    defaultLevel: isMemberRole(row.default_level) ? row.default_level : null,
    revisionId: row.revision_id,
    position: row.position,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    deletedAt: row.deleted_at,
    changeRequestCounts: {
      total: row.change_requests_total,
      open: row.change_requests_open,
      draft: row.change_requests_draft,
    },
    commentsOpen: row.comments_open,
    mergeRules: row.merge_rules === null ? { type: 'inherit' } : JSON.parse(row.merge_rules),
  };
}

/** Stores a new space. */
export async function insertSpace(db: Executor, space: SpaceRecord): Promise<void> {
  await db
    .insertInto('spaces')
    .values({
      id: space.id,
      organization_id: space.organizationId,
      parent_id: space.parentId,
      title: space.title,
      emoji: space.emoji,
      visibility: space.visibility,
      edit_mode: space.editMode,
      default_level: space.defaultLevel,
      merge_rules: storedMergeRules(space.mergeRules, 'inherit'),
      revision_id: space.revisionId,
      position: space.position,
      created_at: space.createdAt,
      updated_at: space.updatedAt,
      deleted_at: space.deletedAt,
    })
    .execute();
}

/** The space with this id, deleted or not. */
export async function findSpaceById(db: Executor, id: string): Promise<SpaceRecord | undefined> {
  const row = await db.selectFrom('spaces').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toSpace(row);
}

const spaceWithMemberRole = preparedQuery((db, id: string, userId: string) =>
  db
    .selectFrom('spaces')
    .leftJoin('organization_members', (join) =>
      join
        .onRef('organization_members.organization_id', '=', 'spaces.organization_id')
        .on('organization_members.user_id', '=', userId),
    )
    .selectAll('spaces')
    .select([
      'organization_members.role as member_role',
      'organization_members.user_id as member_id',
    ])
    .select((eb) => [
      eb
        .selectFrom('space_user_grants')
        .select('space_user_grants.role')
        .whereRef('space_user_grants.space_id', '=', 'spaces.id')
        .where('space_user_grants.user_id', '=', userId)
        .as('user_grant'),
      // The best grant of the user's teams in the space's organization.
      eb
        .selectFrom('space_team_grants')
        .innerJoin('team_members', 'team_members.team_id', 'space_team_grants.team_id')
        .select('space_team_grants.role')
        .whereRef('space_team_grants.space_id', '=', 'spaces.id')
        .whereRef('team_members.organization_id', '=', 'spaces.organization_id')
        .where('team_members.user_id', '=', userId)
        .orderBy(roleRank('space_team_grants.role'))
        .limit(1)
        .as('team_grant'),
    ])
    .where('spaces.id', '=', id),
);

/** Who a caller is in a space's organization: their role there and what was granted to them. */
export interface SpaceMembership {
  /** Whether the caller is a member of the space's organization, guests included. */
  member: boolean;
  /** Their organization role; `null` for guests and outsiders. */
  organizationRole: MemberRole | null;
  /** The best role granted on the space to them or their teams. */
  granted: MemberRole | null;
}

/**
 * The space with this id, deleted or not, and who `userId` is in its organization, in one
 * query: reading a space is the hottest path of the API.
 */
export async function findSpaceWithMemberRole(
  db: Executor,
  id: string,
  userId: string,
): Promise<{ space: SpaceRecord; membership: SpaceMembership } | undefined> {
  return cachedRead(db, ['space', id, userId], () => readSpaceWithMemberRole(db, id, userId));
}

async function readSpaceWithMemberRole(
  db: Executor,
  id: string,
  userId: string,
): Promise<{ space: SpaceRecord; membership: SpaceMembership } | undefined> {
  const [row] = await spaceWithMemberRole(db, id, userId);
  if (row === undefined) return undefined;
  const member = row.member_id !== null;
  return {
    space: toSpace(row),
    membership: {
      member,
      organizationRole: isMemberRole(row.member_role) ? row.member_role : null,
      // Grants outlive nothing: a user who left the organization keeps none of them.
      granted: member
        ? higherRole(
            isMemberRole(row.user_grant) ? row.user_grant : null,
            isMemberRole(row.team_grant) ? row.team_grant : null,
          )
        : null,
    },
  };
}

/** Applies changes to a space. */
export async function updateSpace(db: Executor, id: string, changes: SpaceChanges): Promise<void> {
  await db
    .updateTable('spaces')
    .set({
      organization_id: changes.organizationId,
      parent_id: changes.parentId,
      title: changes.title,
      emoji: changes.emoji,
      edit_mode: changes.editMode,
      default_level: changes.defaultLevel,
      merge_rules:
        changes.mergeRules === undefined
          ? undefined
          : storedMergeRules(changes.mergeRules, 'inherit'),
      position: changes.position,
      deleted_at: changes.deletedAt,
      updated_at: changes.updatedAt,
    })
    .where('id', '=', id)
    .execute();
}

/** A page of an organization's live spaces, in sibling order. */
export async function listSpacesInOrganization(
  db: Executor,
  organizationId: string,
  request: PageRequest,
): Promise<Page<SpaceRecord>> {
  const page = await keysetPage(
    db
      .selectFrom('spaces')
      .where('organization_id', '=', organizationId)
      .where('deleted_at', 'is', null),
    (query) => query.selectAll(),
    { columns: ['position', 'id'], direction: 'asc', cursorOf: (row) => [row.position, row.id] },
    request,
  );
  return mapPage(page, toSpace);
}

/**
 * A page of an organization's live spaces by creation time; with `onlyGrantedTo`, only those
 * granted to that user or their teams (what a guest reaches).
 */
export async function listSpacesByCreation(
  db: Executor,
  organizationId: string,
  request: PageRequest & { order: 'asc' | 'desc'; onlyGrantedTo?: string | undefined },
): Promise<Page<SpaceRecord>> {
  const granted = request.onlyGrantedTo;
  const page = await keysetPage(
    db
      .selectFrom('spaces')
      .where('organization_id', '=', organizationId)
      .where('deleted_at', 'is', null)
      .$if(granted !== undefined, (query) =>
        query.where('id', 'in', grantedSpaceIds(db, organizationId, granted ?? '')),
      ),
    (query) => query.selectAll(),
    {
      columns: ['created_at', 'id'],
      direction: request.order,
      cursorOf: (row) => [row.created_at, row.id],
    },
    request,
  );
  return mapPage(page, toSpace);
}

/** How many live spaces an organization has; with `onlyGrantedTo`, granted to that user. */
export async function countLiveSpaces(
  db: Executor,
  organizationId: string,
  onlyGrantedTo?: string,
): Promise<number> {
  const row = await db
    .selectFrom('spaces')
    .select(sql<number | string>`count(*)`.as('n'))
    .where('organization_id', '=', organizationId)
    .where('deleted_at', 'is', null)
    .$if(onlyGrantedTo !== undefined, (query) =>
      query.where('id', 'in', grantedSpaceIds(db, organizationId, onlyGrantedTo ?? '')),
    )
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The live spaces of a scope, leaving out one space (the one being moved) when given. */
function liveSiblings(db: Executor, scope: SiblingScope, excludeSpaceId?: string) {
  return db
    .selectFrom('spaces')
    .where('organization_id', '=', scope.organizationId)
    .where('parent_id', scope.parentId === null ? 'is' : '=', scope.parentId)
    .where('deleted_at', 'is', null)
    .$if(excludeSpaceId !== undefined, (query) => query.where('id', '!=', excludeSpaceId ?? ''));
}

/**
 * The positions of the live siblings right below and right above `position` in a scope,
 * leaving out one space (the one being moved).
 */
export async function neighbourPositions(
  db: Executor,
  scope: SiblingScope,
  position: string,
  excludeSpaceId: string,
): Promise<{ below: string | null; above: string | null }> {
  const siblings = liveSiblings(db, scope, excludeSpaceId);
  const below = await siblings
    .select((eb) => eb.fn.max('position').as('position'))
    .where('position', '<', position)
    .executeTakeFirst();
  const above = await siblings
    .select((eb) => eb.fn.min('position').as('position'))
    .where('position', '>', position)
    .executeTakeFirst();
  return { below: below?.position ?? null, above: above?.position ?? null };
}

/** The highest position among the live spaces of a scope, or `null` when it has none. */
export async function lastSpacePosition(
  db: Executor,
  scope: SiblingScope,
  excludeSpaceId?: string,
): Promise<string | null> {
  const row = await liveSiblings(db, scope, excludeSpaceId)
    .select((eb) => eb.fn.max('position').as('position'))
    .executeTakeFirst();
  return row?.position ?? null;
}

/** Removes for good the spaces deleted before `cutoff`; their revisions go with them. */
export async function purgeSpacesDeletedBefore(db: Executor, cutoff: string): Promise<number> {
  const result = await db.deleteFrom('spaces').where('deleted_at', '<', cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Moves a space's head revision from `expected` to `next`: answers false, changing nothing, when
 * another merge moved it first (compare-and-set).
 */
export async function moveSpaceHead(
  db: Executor,
  id: string,
  expected: string,
  next: string,
  updatedAt: string,
): Promise<boolean> {
  const result = await db
    .updateTable('spaces')
    .set({ revision_id: next, updated_at: updatedAt })
    .where('id', '=', id)
    .where('revision_id', '=', expected)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The spaces deleted before `cutoff`, about to be purged. */
export async function findSpacesDeletedBefore(
  db: Executor,
  cutoff: string,
): Promise<SpaceRecord[]> {
  const rows = await db.selectFrom('spaces').selectAll().where('deleted_at', '<', cutoff).execute();
  return rows.map(toSpace);
}
