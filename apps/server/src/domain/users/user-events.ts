import { memberRolesOfUser } from '../../store/members.js';
import type { Executor } from '../../store/schema.js';
import type { Actor } from '../actor.js';
import { type DomainEvent, recordEvent } from '../events/record-event.js';

/** Records a person's own action in the audit log of each organization they belong to. */
export async function recordUserEvent(
  trx: Executor,
  actor: Actor,
  action: Extract<DomainEvent['action'], `user.${string}`>,
  payload: Record<string, unknown>,
  now: Date,
): Promise<void> {
  const { user } = actor;
  for (const organizationId of (await memberRolesOfUser(trx, user.id)).keys()) {
    await recordEvent(
      trx,
      actor,
      {
        action,
        organizationId,
        target: { type: 'user', id: user.id, label: user.displayName || user.email },
        payload,
      },
      now,
    );
  }
}
