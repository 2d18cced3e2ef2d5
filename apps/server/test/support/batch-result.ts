import type { components } from '@quire/contract';

type Schemas = components['schemas'];

/**
 * What a content batch did, from its answer with `compat=false`; fails when the answer is the
 * change request alone (the `compat=true` answer).
 * @example const { changes } = batchResult(await client.POST(path, { params: { path, query: { compat: false } }, body }));
 */
export function batchResult(
  answer: Schemas['ChangeRequest'] | Schemas['ContentChangesResult'],
): Schemas['ContentChangesResult'] {
  if (!('changes' in answer)) throw new Error('The batch answered the change request alone');
  return answer;
}
