import { type components, loadOpenApiDocument } from '@quire/contract';
import { isRecord } from '../is-record.js';

/** What an event says happened; the contract lists them all (`AuditEventActionId`). */
export type EventAction = components['schemas']['AuditEventActionId'];

/**
 * Every action Quire records, with the label the audit log shows for it: read from the contract,
 * where `AuditEventActionId` lists the actions in `enum` and their labels in `x-enumDescriptions`,
 * so the list is written once. An action without a label stops the server at start-up.
 */
export const eventActionLabels: ReadonlyMap<EventAction, string> = labelsFromContract();

function labelsFromContract(): Map<EventAction, string> {
  const schema = loadOpenApiDocument().components.schemas?.AuditEventActionId;
  const actions = isRecord(schema) && Array.isArray(schema.enum) ? schema.enum : [];
  const descriptions = isRecord(schema) ? schema['x-enumDescriptions'] : undefined;
  const labels = new Map<EventAction, string>();
  for (const action of actions) {
    const label = isRecord(descriptions) ? descriptions[String(action)] : undefined;
    if (!isEventAction(action) || typeof label !== 'string') {
      throw new Error(`The contract's AuditEventActionId gives ${String(action)} no label`);
    }
    labels.set(action, label);
  }
  if (labels.size === 0) throw new Error("The contract's AuditEventActionId lists no action");
  return labels;
}

// The generated union is the enum itself; this narrows a value read from the same document.
function isEventAction(value: unknown): value is EventAction {
  return typeof value === 'string' && /^[a-z_]+\.[a-z_]+$/.test(value);
}
