import type { components } from '@quire/contract';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { api, errorMessage } from '../api.js';

type MergeConflict = components['schemas']['MergeConflict'];
type Side = 'change-request' | 'space';

const fieldNames: Record<string, string> = {
  document: 'content',
  title: 'title',
  slug: 'slug',
  parent: 'place in the tree',
  emoji: 'emoji',
  description: 'description',
};

/**
 * What stopped a merge, each conflict as data, and the choice of side for each page field: the
 * space's content comes into the change request with those choices, and it can merge again.
 */
export function ConflictPanel({
  spaceId,
  changeRequestId,
  conflicts,
  onResolved,
}: {
  spaceId: string;
  changeRequestId: string;
  conflicts: readonly MergeConflict[];
  onResolved: () => void;
}) {
  const settleable = conflicts.filter((conflict) => conflict.page !== undefined);
  const [choices, setChoices] = useState<Record<string, Side>>({});
  const keyOf = (conflict: MergeConflict) => `${conflict.page}:${conflict.field}`;
  const resolve = useMutation({
    mutationFn: () =>
      api.POST('/spaces/{spaceId}/change-requests/{changeRequestId}/update', {
        params: { path: { spaceId, changeRequestId } },
        body: {
          resolutions: settleable.map((conflict) => ({
            page: conflict.page ?? '',
            field: conflict.field,
            keep: choices[keyOf(conflict)] ?? 'change-request',
          })),
        },
      }),
    onSuccess: (result) => {
      if (result.result !== 'conflicts') onResolved();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    resolve.mutate();
  };
  return (
    <section className="conflicts" aria-labelledby="conflicts-title">
      <h2 id="conflicts-title">Conflicts with the space</h2>
      <p>The space changed the same things since this change request began. Choose what to keep.</p>
      <form onSubmit={submit}>
        {conflicts.map((conflict) => {
          const key = keyOf(conflict);
          const what = `${conflict.path || conflict.page || 'The space'}: ${fieldNames[conflict.field] ?? conflict.field}`;
          if (conflict.page === undefined) {
            return <p key={key}>{what} (settle it by editing, then merge again)</p>;
          }
          return (
            <fieldset key={key}>
              <legend>{what}</legend>
              {(['change-request', 'space'] as const).map((side) => (
                <label key={side}>
                  <input
                    type="radio"
                    name={key}
                    value={side}
                    checked={(choices[key] ?? 'change-request') === side}
                    onChange={() => setChoices({ ...choices, [key]: side })}
                  />
                  {side === 'change-request' ? 'Keep this change request’s' : 'Keep the space’s'}
                </label>
              ))}
            </fieldset>
          );
        })}
        <button type="submit" disabled={resolve.isPending || settleable.length === 0}>
          Resolve conflicts
        </button>
      </form>
      {resolve.data?.result === 'conflicts' ? (
        <p role="alert">Some conflicts remain: merge again to see them.</p>
      ) : null}
      {resolve.error === null ? null : <p role="alert">{errorMessage(resolve.error)}</p>}
    </section>
  );
}
