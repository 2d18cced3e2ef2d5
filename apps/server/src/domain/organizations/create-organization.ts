import type { Kysely } from 'kysely';
import { newId } from '../../ids.js';
import type { OrganizationType, OrganizationUseCase } from '../../model/enums.js';
import { insertMembership } from '../../store/members.js';
import { insertOrganization, type OrganizationRecord } from '../../store/organizations.js';
import type { Database, Executor } from '../../store/schema.js';
import type { Actor } from '../actor.js';
import { organizationEvent, recordEvent } from '../events/record-event.js';
import { normalizeEmailDomains } from './email-domains.js';

/** What a new organization is made from. */
export interface NewOrganization {
  title: string;
  emailDomains?: string[] | undefined;
  type?: OrganizationType | undefined;
  useCase?: OrganizationUseCase | undefined;
}

/**
 * Creates an organization and makes the acting user its admin. Pass a transaction: the
 * organization, the membership and the event are written together.
 */
export async function createOrganization(
  trx: Executor,
  actor: Actor,
  input: NewOrganization,
  now: Date,
): Promise<OrganizationRecord> {
  const adminUserId = actor.user.id;
  const at = now.toISOString();
  const organization: OrganizationRecord = {
    id: newId(),
    title: input.title,
    emailDomains: normalizeEmailDomains(input.emailDomains ?? []),
    hostname: null,
    type: input.type ?? 'business',
    useCase: input.useCase ?? null,
    communityType: null,
    defaultRole: null,
    defaultContentSite: null,
    logoUrl: null,
    sso: false,
    ai: false,
    inviteLinks: true,
    mergeRules: { type: 'none' },
    // A self-hosted server has every feature; the plan is what GitBook clients check for that.
    plan: 'enterprise_2024',
    createdAt: at,
    updatedAt: at,
  };
  await insertOrganization(trx, organization);
  await insertMembership(trx, {
    organizationId: organization.id,
    userId: adminUserId,
    role: 'admin',
    joinedAt: at,
  });
  await recordEvent(trx, actor, organizationEvent('organization.created', organization), now);
  return organization;
}

/** Creates an organization with the caller as its admin, in one transaction. */
export function createOrganizationAsAdmin(
  db: Kysely<Database>,
  actor: Actor,
  input: NewOrganization,
  now: Date,
): Promise<OrganizationRecord> {
  return db.transaction().execute((trx) => createOrganization(trx, actor, input, now));
}
