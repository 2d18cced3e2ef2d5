import type { components } from '@quire/contract';
import type { StoredSpecChanges } from '../../store/openapi-specs.js';
import type { OperationShape } from './spec-operations.js';

type OperationChange = components['schemas']['OpenAPIOperationChange'];
type ChangeKind = components['schemas']['OpenAPIOperationChangeKind'];
type Change = OperationChange['changes'][number];

/**
 * What the newer operations change against the older ones (`undefined`: a first version, whose
 * operations are all added). Breaking, as `OpenAPIOperationChangeKind` documents them: an
 * operation removed, a required parameter added, an optional one made required, a parameter
 * removed, a request body made required (or added as required) or removed, a response status
 * removed. Anything else in an operation is a change that does not break.
 */
export function compareOperations(
  older: ReadonlyMap<string, OperationShape> | undefined,
  newer: ReadonlyMap<string, OperationShape>,
): StoredSpecChanges {
  const added: OperationChange[] = [];
  const removed: OperationChange[] = [];
  const changed: OperationChange[] = [];
  for (const [key, operation] of newer) {
    const before = older?.get(key);
    if (before === undefined) {
      added.push(report(operation, [change('operation-added', false, 'operation added')]));
    } else if (before.digest !== operation.digest) {
      changed.push(report(operation, changesOf(before, operation)));
    }
  }
  for (const [key, operation] of older ?? []) {
    if (!newer.has(key)) {
      removed.push(report(operation, [change('operation-removed', true, 'operation removed')]));
    }
  }
  const all = [...added, ...removed, ...changed];
  return { breaking: all.some((item) => item.breaking), added, removed, changed };
}

function changesOf(before: OperationShape, after: OperationShape): Change[] {
  const changes: Change[] = [];
  for (const [parameter, required] of after.parameters) {
    const was = before.parameters.get(parameter);
    if (was === undefined) {
      changes.push(
        required
          ? change('required-parameter-added', true, `required ${parameter} parameter added`)
          : change('optional-parameter-added', false, `optional ${parameter} parameter added`),
      );
    } else if (required && !was) {
      changes.push(change('parameter-made-required', true, `${parameter} parameter now required`));
    }
  }
  for (const parameter of before.parameters.keys()) {
    if (!after.parameters.has(parameter)) {
      changes.push(change('parameter-removed', true, `${parameter} parameter removed`));
    }
  }
  if (before.requestBody === 'none' && after.requestBody !== 'none') {
    const required = after.requestBody === 'required';
    changes.push(
      change(
        'request-body-added',
        required,
        `${required ? 'required' : 'optional'} request body added`,
      ),
    );
  } else if (before.requestBody === 'optional' && after.requestBody === 'required') {
    changes.push(change('request-body-made-required', true, 'request body now required'));
  } else if (before.requestBody !== 'none' && after.requestBody === 'none') {
    changes.push(change('request-body-removed', true, 'request body removed'));
  }
  for (const status of after.statuses) {
    if (!before.statuses.has(status)) {
      changes.push(change('response-status-added', false, `response ${status} added`));
    }
  }
  for (const status of before.statuses) {
    if (!after.statuses.has(status)) {
      changes.push(change('response-status-removed', true, `response ${status} removed`));
    }
  }
  if (changes.length === 0) {
    changes.push(change('operation-changed', false, 'operation changed'));
  }
  return changes;
}

function change(kind: ChangeKind, breaking: boolean, message: string): Change {
  return { kind, breaking, message };
}

function report(operation: OperationShape, changes: Change[]): OperationChange {
  return {
    method: operation.method,
    path: operation.path,
    ...(operation.operationId === undefined ? {} : { operationId: operation.operationId }),
    breaking: changes.some((item) => item.breaking),
    changes,
  };
}
