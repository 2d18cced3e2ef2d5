import type { Kysely } from 'kysely';
import { notFound } from '../../errors.js';
import { findMember, touchMemberLastSeen } from '../../store/members.js';
import type { Database } from '../../store/schema.js';
import type { Actor } from '../actor.js';
import { recordEvent } from '../events/record-event.js';
import { memberEvent } from './member-events.js';
import { signVisitorClaims } from './visitor-claims.js';

/**
 * Records that the caller was seen in an organization they are a member (or guest) of, and
 * answers their signed visitor claims.
 */
export async function pingOrganization(
  db: Kysely<Database>,
  actor: Actor,
  organizationId: string,
  { issuer, now }: { issuer: string; now: Date },
): Promise<{ platformVisitorClaims: string }> {
  const member = await db.transaction().execute(async (trx) => {
    const found = await findMember(trx, organizationId, actor.user.id);
    if (found === undefined) throw notFound(`Organization ${organizationId} not found`);
    await touchMemberLastSeen(trx, organizationId, actor.user.id, now.toISOString());
    await recordEvent(trx, actor, memberEvent('member.seen', organizationId, actor.user), now);
    return found;
  });
  const platformVisitorClaims = await signVisitorClaims(
    db,
    { userId: member.userId, email: member.user.email, organizationId, role: member.role },
    { issuer, now },
  );
  return { platformVisitorClaims };
}
