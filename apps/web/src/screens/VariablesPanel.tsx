import type { components } from '@quire/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { api, errorMessage } from '../api.js';

type Variables = Readonly<Record<string, string>>;
type ContentChange = components['schemas']['ContentChange'];

/** GitBook's rule for a variable's name: a letter or `_`, then letters, digits and `_`. */
const variableName = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * Variables as the change request has them, the space's or a page's own: each value edited in
 * place (saved when the field is left), removed, or a new one added. `{{` in the text puts one
 * in a page.
 */
export function VariablesPanel({
  heading,
  spaceId,
  changeRequestId,
  variables,
  editable,
  change,
}: {
  heading: string;
  spaceId: string;
  changeRequestId: string;
  variables: Variables | undefined;
  editable: boolean;
  /** The change that gives them the values `next`: `update_variables`, or `update_page`. */
  change: (next: Record<string, string>) => ContentChange;
}) {
  const queries = useQueryClient();
  const headingId = useId();
  const [name, setName] = useState('');
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string>();
  // The whole map is written at once, as both changes replace it.
  const save = useMutation({
    mutationFn: (next: Variables) =>
      api.POST('/spaces/{spaceId}/change-requests/{changeRequestId}/content', {
        params: { path: { spaceId, changeRequestId } },
        body: { changes: [change({ ...next })] },
      }),
    // The change request's revision moves: its variables and the page are read again with it.
    onSuccess: () =>
      Promise.all([
        queries.invalidateQueries({ queryKey: ['change-request', spaceId, changeRequestId] }),
        queries.invalidateQueries({ queryKey: ['change-request-page', spaceId] }),
      ]),
  });
  if (variables === undefined) return null;
  const add = (event: FormEvent) => {
    event.preventDefault();
    if (!variableName.test(name)) {
      setProblem('A name starts with a letter or _, then letters, digits or _.');
      return;
    }
    setProblem(undefined);
    save.mutate(
      { ...variables, [name]: value },
      {
        onSuccess: () => {
          setName('');
          setValue('');
        },
      },
    );
  };
  const entries = Object.entries(variables);
  return (
    <section aria-labelledby={headingId} className="variables">
      <h3 id={headingId}>{heading}</h3>
      {entries.length === 0 ? <p className="muted">None yet.</p> : null}
      <ul>
        {entries.map(([each, current]) => (
          <li key={each}>
            <label>
              <code>{each}</code>{' '}
              <input
                defaultValue={current}
                readOnly={!editable}
                onBlur={(event) => {
                  if (event.target.value !== current) {
                    save.mutate({ ...variables, [each]: event.target.value });
                  }
                }}
              />
            </label>
            {editable ? (
              <button
                type="button"
                aria-label={`Remove ${each}`}
                onClick={() => {
                  const { [each]: _removed, ...others } = variables;
                  save.mutate(others);
                }}
              >
                Remove
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      {editable ? (
        <form onSubmit={add}>
          <input
            aria-label="Variable name"
            placeholder="name"
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
          <input
            aria-label="Variable value"
            placeholder="value"
            value={value}
            onChange={(event) => setValue(event.target.value)}
          />
          <button type="submit" disabled={save.isPending}>
            Add a variable
          </button>
        </form>
      ) : null}
      {problem === undefined && save.error === null ? null : (
        <p role="alert">{problem ?? errorMessage(save.error)}</p>
      )}
    </section>
  );
}
