import { isMemberRole, type MemberRole } from '../model/roles.js';
import { keysetPage, mapPage, type Page, type PageRequest } from './pagination.js';
import type { Executor, InviteLinksTable } from './schema.js';

/** A stored invite link. */
export interface InviteLinkRecord {
  id: string;
  organizationId: string;
  /** The role joining gives; `null` makes a guest. */
  role: MemberRole | null;
  expiresAt: string | null;
  createdBy: string;
  createdAt: string;
}

function toInviteLink(row: InviteLinksTable): InviteLinkRecord {
  return {
    id: row.id,
    organizationId: row.organization_id,
    role: isMemberRole(row.role) ? row.role : null,
    expiresAt: row.expires_at,
    createdBy: row.created_by,
    createdAt: row.created_at,
  };
}

/** Stores a new invite link. */
export async function insertInviteLink(db: Executor, link: InviteLinkRecord): Promise<void> {
  await db
    .insertInto('invite_links')
    .values({
      id: link.id,
      organization_id: link.organizationId,
      role: link.role,
      expires_at: link.expiresAt,
      created_by: link.createdBy,
      created_at: link.createdAt,
    })
    .execute();
}

/** The invite link of an organization with this id, expired or not. */
export async function findInviteLink(
  db: Executor,
  organizationId: string,
  id: string,
): Promise<InviteLinkRecord | undefined> {
  const row = await db
    .selectFrom('invite_links')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && toInviteLink(row);
}

/** A page of an organization's invite links, newest first. */
export async function listInviteLinks(
  db: Executor,
  organizationId: string,
  request: PageRequest,
): Promise<Page<InviteLinkRecord>> {
  const page = await keysetPage(
    db.selectFrom('invite_links').where('organization_id', '=', organizationId),
    (q) => q.selectAll(),
    {
      columns: ['created_at', 'id'],
      direction: 'desc',
      cursorOf: (row) => [row.created_at, row.id],
    },
    request,
  );
  return mapPage(page, toInviteLink);
}

/** Changes an invite link's role or expiry. */
export async function updateInviteLink(
  db: Executor,
  id: string,
  changes: { role?: MemberRole | null; expiresAt?: string | null },
): Promise<void> {
  await db
    .updateTable('invite_links')
    .set({
      ...(changes.role === undefined ? {} : { role: changes.role }),
      ...(changes.expiresAt === undefined ? {} : { expires_at: changes.expiresAt }),
    })
    .where('id', '=', id)
    .execute();
}

/** Deletes an invite link. */
export async function deleteInviteLink(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('invite_links').where('id', '=', id).execute();
}
