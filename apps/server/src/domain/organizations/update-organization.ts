import type { Kysely } from 'kysely';
import type { OrganizationMergeRules } from '../../model/merge-rules.js';
import type { MemberRole } from '../../model/roles.js';
import {
  findOrganizationById,
  type OrganizationRecord,
  updateOrganization,
} from '../../store/organizations.js';
import type { Database } from '../../store/schema.js';
import type { Actor } from '../actor.js';
import { requireMergeRuleMembers } from '../change-requests/merge-rules.js';
import { organizationEvent, recordEvent } from '../events/record-event.js';
import { conflictOnDuplicate } from '../unique-writes.js';
import { normalizeEmailDomains } from './email-domains.js';

/** The changes an admin may make to an organization; absent fields stay as they are. */
export interface OrganizationSettings {
  title?: string | undefined;
  emailDomains?: string[] | undefined;
  hostname?: string | null | undefined;
  defaultRole?: MemberRole | null | undefined;
  defaultContent?: { type: 'site'; site: string } | null | undefined;
  logo?: string | null | undefined;
  sso?: boolean | undefined;
  ai?: boolean | undefined;
  inviteLinks?: boolean | undefined;
  mergeRules?: OrganizationMergeRules | undefined;
}

/**
 * Applies settings to an organization in one transaction. A hostname another organization has
 * is a 409; merge rules naming someone who is not a member are a 400.
 */
export async function updateOrganizationSettings(
  db: Kysely<Database>,
  actor: Actor,
  organizationId: string,
  settings: OrganizationSettings,
  now: Date,
): Promise<OrganizationRecord> {
  await requireMergeRuleMembers(db, organizationId, settings.mergeRules, 'body.mergeRules');
  return conflictOnDuplicate(
    () =>
      db.transaction().execute(async (trx) => {
        await updateOrganization(trx, organizationId, {
          title: settings.title,
          emailDomains:
            settings.emailDomains === undefined
              ? undefined
              : normalizeEmailDomains(settings.emailDomains),
          hostname: settings.hostname,
          defaultRole: settings.defaultRole,
          defaultContentSite:
            settings.defaultContent === undefined
              ? undefined
              : (settings.defaultContent?.site ?? null),
          logoUrl: settings.logo,
          sso: settings.sso,
          ai: settings.ai,
          inviteLinks: settings.inviteLinks,
          mergeRules: settings.mergeRules,
          updatedAt: now.toISOString(),
        });
        const updated = await findOrganizationById(trx, organizationId);
        if (updated === undefined)
          throw new Error(`Organization ${organizationId} vanished while updating`);
        const fields = { fields: Object.keys(settings).sort() };
        await recordEvent(
          trx,
          actor,
          organizationEvent('organization.updated', updated, fields),
          now,
        );
        return updated;
      }),
    `Hostname "${settings.hostname}" is already used by another organization`,
  );
}
