import type { InstallationRecord } from '../../store/integration-installations.js';
import type { Executor } from '../../store/schema.js';
import type { Actor } from '../actor.js';
import { recordEvent } from '../events/record-event.js';

/** What an installation write records. */
export type InstallationAction =
  | 'integration_installation.created'
  | 'integration_installation.updated'
  | 'integration_installation.deleted'
  | 'integration_installation.space_added'
  | 'integration_installation.space_updated'
  | 'integration_installation.space_removed'
  | 'integration_installation.site_added'
  | 'integration_installation.site_updated'
  | 'integration_installation.site_removed';

/** The names of the fields a change gives, never their values: configurations may hold credentials. */
export function changedFields(changes: object): string[] {
  return Object.entries(changes)
    .flatMap(([field, value]) => (value === undefined ? [] : [field]))
    .sort();
}

/** Records a write of an installation, on the organization it is on. */
export async function recordInstallationEvent(
  trx: Executor,
  actor: Actor,
  installation: InstallationRecord,
  action: InstallationAction,
  now: Date,
  payload: Record<string, unknown> = {},
): Promise<void> {
  await recordEvent(
    trx,
    actor,
    {
      action,
      organizationId: installation.organizationId,
      target: {
        type: 'integration-installation',
        id: installation.id,
        label: installation.integrationName,
      },
      payload: { integration: installation.integrationName, ...payload },
    },
    now,
  );
}
