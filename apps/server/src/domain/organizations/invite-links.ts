import type { Kysely } from 'kysely';
import { conflict, invalid, notFound } from '../../errors.js';
import { newId } from '../../ids.js';
import type { MemberRole } from '../../model/roles.js';
import {
  deleteInviteLink,
  findInviteLink,
  type InviteLinkRecord,
  insertInviteLink,
  updateInviteLink,
} from '../../store/invite-links.js';
import { findMember, type MemberRecord } from '../../store/members.js';
import type { OrganizationRecord } from '../../store/organizations.js';
import type { Database, Executor } from '../../store/schema.js';
import type { Actor } from '../actor.js';
import { type DomainEvent, recordEvent } from '../events/record-event.js';
import { addMemberToOrganization } from '../members/add-member.js';

function inviteLinkEvent(
  action: 'invite_link.created' | 'invite_link.updated' | 'invite_link.deleted',
  link: InviteLinkRecord,
  payload?: Record<string, unknown>,
): DomainEvent {
  return {
    action,
    organizationId: link.organizationId,
    target: { type: 'invite-link', id: link.id, label: `Invite link (${link.role ?? 'guest'})` },
    ...(payload === undefined ? {} : { payload }),
  };
}

function requireFutureExpiry(expiresAt: string | null | undefined, now: Date): void {
  if (typeof expiresAt === 'string' && Date.parse(expiresAt) <= now.getTime()) {
    throw invalid('body.expiresAt must be in the future');
  }
}

/** Creates an invite link; refused (409) while the organization has invite links turned off. */
export async function createInviteLink(
  db: Kysely<Database>,
  actor: Actor,
  organization: OrganizationRecord,
  input: { role: MemberRole | null; expiresAt?: string | undefined },
  now: Date,
): Promise<InviteLinkRecord> {
  if (!organization.inviteLinks) {
    throw conflict('Invite links are turned off for this organization (inviteLinks: false)');
  }
  requireFutureExpiry(input.expiresAt, now);
  const link: InviteLinkRecord = {
    id: newId(),
    organizationId: organization.id,
    role: input.role,
    expiresAt: input.expiresAt === undefined ? null : new Date(input.expiresAt).toISOString(),
    createdBy: actor.user.id,
    createdAt: now.toISOString(),
  };
  await db.transaction().execute(async (trx) => {
    await insertInviteLink(trx, link);
    await recordEvent(
      trx,
      actor,
      inviteLinkEvent('invite_link.created', link, { role: link.role }),
      now,
    );
  });
  return link;
}

/** Changes an invite link's role or expiry (`null`: never expires). */
export async function changeInviteLink(
  db: Kysely<Database>,
  actor: Actor,
  link: InviteLinkRecord,
  changes: { role?: MemberRole | null | undefined; expiresAt?: string | null | undefined },
  now: Date,
): Promise<InviteLinkRecord> {
  requireFutureExpiry(changes.expiresAt, now);
  const expiresAt =
    changes.expiresAt === undefined || changes.expiresAt === null
      ? changes.expiresAt
      : new Date(changes.expiresAt).toISOString();
  const updated: InviteLinkRecord = {
    ...link,
    ...(changes.role === undefined ? {} : { role: changes.role }),
    ...(expiresAt === undefined ? {} : { expiresAt }),
  };
  await db.transaction().execute(async (trx) => {
    await updateInviteLink(trx, link.id, { role: updated.role, expiresAt: updated.expiresAt });
    await recordEvent(
      trx,
      actor,
      inviteLinkEvent('invite_link.updated', updated, {
        role: updated.role,
        expiresAt: updated.expiresAt,
      }),
      now,
    );
  });
  return updated;
}

/** Deletes an invite link; nobody joins with it any more. */
export async function removeInviteLink(
  db: Kysely<Database>,
  actor: Actor,
  link: InviteLinkRecord,
  now: Date,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await deleteInviteLink(trx, link.id);
    await recordEvent(trx, actor, inviteLinkEvent('invite_link.deleted', link), now);
  });
}

/**
 * Makes the caller a member with the link's role (a member already keeps theirs). A link that
 * does not exist, expired, or of an organization with invite links off is the same 404.
 */
export async function joinWithInviteLink(
  db: Kysely<Database>,
  actor: Actor,
  organization: OrganizationRecord | undefined,
  inviteId: string,
  now: Date,
): Promise<MemberRecord> {
  return db.transaction().execute(async (trx) => {
    const link = await usableInviteLink(trx, organization, inviteId, now);
    await addMemberToOrganization(
      trx,
      actor,
      { organizationId: link.organizationId, user: actor.user, role: link.role, via: 'invite' },
      now,
    );
    const member = await findMember(trx, link.organizationId, actor.user.id);
    if (member === undefined) throw new Error('The member who just joined is not there');
    return member;
  });
}

/**
 * The invite link people may join with now; a link that does not exist, expired, or of an
 * organization with invite links off is the same 404.
 */
export async function usableInviteLink(
  trx: Executor,
  organization: OrganizationRecord | undefined,
  inviteId: string,
  now: Date,
): Promise<InviteLinkRecord> {
  const link = organization && (await findInviteLink(trx, organization.id, inviteId));
  const usable =
    organization?.inviteLinks === true &&
    link !== undefined &&
    (link.expiresAt === null || Date.parse(link.expiresAt) > now.getTime());
  if (!usable || link === undefined) throw notFound(`Invite ${inviteId} not found or expired`);
  return link;
}
