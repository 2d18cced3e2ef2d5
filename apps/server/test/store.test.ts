import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashApiToken } from '../src/domain/users/api-tokens.js';
import {
  deleteApiTokenByHash,
  findUserByTokenHash,
  insertApiToken,
} from '../src/store/api-tokens.js';
import { isUniqueViolation } from '../src/store/constraint-errors.js';
import { findMemberRole, insertMembership } from '../src/store/members.js';
import {
  findOrganizationById,
  insertOrganization,
  listOrganizationsOfUser,
  type OrganizationRecord,
  updateOrganization,
} from '../src/store/organizations.js';
import { InvalidPageToken } from '../src/store/pagination.js';
import { insertRevision } from '../src/store/revisions.js';
import {
  findSpaceById,
  insertSpace,
  lastSpacePosition,
  listSpacesInOrganization,
  neighbourPositions,
  purgeSpacesDeletedBefore,
  type SpaceRecord,
} from '../src/store/spaces.js';
import { findUserByEmail, findUserById, hasAnyUser, insertUser } from '../src/store/users.js';
import { openTestDatabase, type TestDatabase } from './support/test-database.js';

// One suite for the store; the vitest projects run it on SQLite and, with TEST_DATABASE_URL, on
// PostgreSQL, so both engines answer the same queries the same way.
describe(`store on ${process.env.QUIRE_TEST_DATABASE ?? 'sqlite'}`, () => {
  let database: TestDatabase;
  const at = '2026-01-01T00:00:00.000Z';
  const organization = (id: string, createdAt = at): OrganizationRecord => ({
    id,
    title: `Org ${id}`,
    emailDomains: ['b.example', 'a.example'],
    hostname: null,
    type: 'business',
    useCase: null,
    communityType: null,
    defaultRole: null,
    defaultContentSite: null,
    logoUrl: null,
    sso: false,
    ai: true,
    inviteLinks: true,
    mergeRules: { type: 'none' },
    plan: 'enterprise_2024',
    createdAt,
    updatedAt: createdAt,
  });
  const space = (id: string, position: string, extra: Partial<SpaceRecord> = {}): SpaceRecord => ({
    id,
    organizationId: 'org-1',
    parentId: null,
    title: id,
    emoji: '',
    visibility: 'private',
    editMode: 'live',
    defaultLevel: null,
    revisionId: `rev-${id}`,
    position,
    createdAt: at,
    updatedAt: at,
    deletedAt: null,
    changeRequestCounts: { total: 0, open: 0, draft: 0 },
    commentsOpen: 0,
    mergeRules: { type: 'inherit' },
    ...extra,
  });

  beforeAll(async () => {
    database = await openTestDatabase();
    await insertUser(database.db, {
      id: 'user-1',
      email: 'ada@example.com',
      displayName: 'Ada',
      photoUrl: null,
      createdAt: at,
    });
    await insertOrganization(database.db, organization('org-1'));
  });
  afterAll(() => database.drop());

  it('stores and finds users', async () => {
    expect(await hasAnyUser(database.db)).toBe(true);
    expect(await findUserByEmail(database.db, 'ada@example.com')).toMatchObject({
      id: 'user-1',
      displayName: 'Ada',
    });
    expect(await findUserById(database.db, 'nobody')).toBeUndefined();
  });

  it('finds users by token hash and forgets revoked tokens', async () => {
    const tokenHash = hashApiToken('qr_secret');
    await insertApiToken(database.db, {
      id: 'token-1',
      userId: 'user-1',
      tokenHash,
      createdAt: at,
    });
    expect((await findUserByTokenHash(database.db, tokenHash))?.id).toBe('user-1');
    expect(await deleteApiTokenByHash(database.db, tokenHash)).toBe(true);
    expect(await findUserByTokenHash(database.db, tokenHash)).toBeUndefined();
    expect(await deleteApiTokenByHash(database.db, tokenHash)).toBe(false);
  });

  it('keeps hot reads out of another request’s open transaction', async () => {
    const tokenHash = hashApiToken('qr_in_flight');
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let inserted = () => {};
    const insertedInTransaction = new Promise<void>((resolve) => {
      inserted = resolve;
    });
    const transaction = database.db.transaction().execute(async (trx) => {
      await insertApiToken(trx, { id: 'token-tx', userId: 'user-1', tokenHash, createdAt: at });
      inserted();
      await held;
      throw new Error('roll back');
    });
    await insertedInTransaction;
    // The transaction has written but not committed: the read must not see the token (on SQLite
    // it waits for the connection, so it is not awaited until the transaction has ended).
    const readDuringTransaction = findUserByTokenHash(database.db, tokenHash);
    release();
    await expect(transaction).rejects.toThrow('roll back');
    expect(await readDuringTransaction).toBeUndefined();
    expect(await findUserByTokenHash(database.db, tokenHash)).toBeUndefined();
  });

  it('round-trips organizations with booleans, enums and sorted email domains', async () => {
    const stored = await findOrganizationById(database.db, 'org-1');
    expect(stored).toEqual({ ...organization('org-1'), emailDomains: ['a.example', 'b.example'] });
    await updateOrganization(database.db, 'org-1', {
      ai: false,
      emailDomains: ['c.example'],
      updatedAt: at,
    });
    expect(await findOrganizationById(database.db, 'org-1')).toMatchObject({
      ai: false,
      emailDomains: ['c.example'],
    });
  });

  it('reports a unique violation the same way on both engines', async () => {
    await updateOrganization(database.db, 'org-1', { hostname: 'taken', updatedAt: at });
    await insertOrganization(database.db, organization('org-2'));
    const error = await updateOrganization(database.db, 'org-2', {
      hostname: 'taken',
      updatedAt: at,
    }).catch((thrown: unknown) => thrown);
    expect(isUniqueViolation(error)).toBe(true);
  });

  it('lists a member’s organizations in both directions with a keyset cursor', async () => {
    for (const [index, id] of ['org-a', 'org-b', 'org-c'].entries()) {
      await insertOrganization(
        database.db,
        organization(id, `2026-02-0${index + 1}T00:00:00.000Z`),
      );
      await insertMembership(database.db, {
        organizationId: id,
        userId: 'user-1',
        role: 'edit',
        joinedAt: at,
      });
    }
    const first = await listOrganizationsOfUser(database.db, 'user-1', { limit: 2, order: 'asc' });
    expect(first.count).toBe(3);
    expect(first.items.map((item) => item.organization.id)).toEqual(['org-a', 'org-b']);
    expect(first.items[0]?.role).toBe('edit');
    const second = await listOrganizationsOfUser(database.db, 'user-1', {
      limit: 2,
      order: 'asc',
      page: first.nextPage,
    });
    expect(second.items.map((item) => item.organization.id)).toEqual(['org-c']);
    expect(second.nextPage).toBeUndefined();
    const descending = await listOrganizationsOfUser(database.db, 'user-1', {
      limit: 10,
      order: 'desc',
    });
    expect(descending.items.map((item) => item.organization.id)).toEqual([
      'org-c',
      'org-b',
      'org-a',
    ]);
    expect(await findMemberRole(database.db, 'org-a', 'user-1')).toBe('edit');
    expect(await findMemberRole(database.db, 'org-1', 'user-1')).toBeNull();
  });

  it('reports a malformed page token as its own error, which HTTP answers with a 400', async () => {
    const error = await listSpacesInOrganization(database.db, 'org-1', {
      limit: 1,
      page: 'bm90IGpzb24',
    }).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(InvalidPageToken);
  });

  it('orders spaces by position bytes (mixed case included) and finds neighbours', async () => {
    // Fractional-index keys mix digits and both cases; 'Z' sorts before 'a' only in byte order.
    for (const [id, position] of [
      ['s-a0', 'a0'],
      ['s-Zz', 'Zz'],
      ['s-a1', 'a1'],
      ['s-a0V', 'a0V'],
    ] as const) {
      await insertSpace(database.db, space(id, position));
      await insertRevision(database.db, {
        id: `rev-${id}`,
        spaceId: id,
        parents: [],
        type: 'edits',
        createdAt: at,
      });
    }
    const page = await listSpacesInOrganization(database.db, 'org-1', { limit: 10 });
    expect(page.items.map((item) => item.position)).toEqual(['Zz', 'a0', 'a0V', 'a1']);
    const scope = { organizationId: 'org-1', parentId: null };
    expect(await lastSpacePosition(database.db, scope)).toBe('a1');
    expect(await neighbourPositions(database.db, scope, 'a0V', 's-a0V')).toEqual({
      below: 'a0',
      above: 'a1',
    });
  });

  it('purges spaces deleted before a cutoff, with their revisions', async () => {
    await insertSpace(database.db, space('s-old', 'b0', { deletedAt: '2026-01-01T00:00:00.000Z' }));
    await insertRevision(database.db, {
      id: 'rev-s-old',
      spaceId: 's-old',
      parents: [],
      type: 'edits',
      createdAt: at,
    });
    await insertSpace(
      database.db,
      space('s-recent', 'b1', { deletedAt: '2026-01-09T00:00:00.000Z' }),
    );
    expect(await purgeSpacesDeletedBefore(database.db, '2026-01-05T00:00:00.000Z')).toBe(1);
    expect(await findSpaceById(database.db, 's-old')).toBeUndefined();
    expect(await findSpaceById(database.db, 's-recent')).toMatchObject({ id: 's-recent' });
    const revisions = await database.db
      .selectFrom('revisions')
      .select('id')
      .where('space_id', '=', 's-old')
      .execute();
    expect(revisions).toEqual([]);
  });
});
