import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { api, errorMessage } from '../api.js';

type Variables = Readonly<Record<string, string>>;

/** GitBook's rule for a variable's name: a letter or `_`, then letters, digits and `_`. */
const variableName = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * The space's variables as the change request has them: each value edited in place (saved when
 * the field is left), removed, or a new one added. `{{` in the text puts one in a page.
 */
export function VariablesPanel({
  spaceId,
  changeRequestId,
  variables,
  editable,
}: {
  spaceId: string;
  changeRequestId: string;
  variables: Variables | undefined;
  editable: boolean;
}) {
  const queries = useQueryClient();
  const [name, setName] = useState('');
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string>();
  // The whole map is written at once, as `update_variables` replaces it.
  const save = useMutation({
    mutationFn: (next: Variables) =>
      api.POST('/spaces/{spaceId}/change-requests/{changeRequestId}/content', {
        params: { path: { spaceId, changeRequestId } },
        body: { changes: [{ operation: 'update_variables', variables: { ...next } }] },
      }),
    // The change request's revision moves, and its variables are read again with it.
    onSuccess: () =>
      queries.invalidateQueries({ queryKey: ['change-request', spaceId, changeRequestId] }),
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
    <section aria-labelledby="variables-heading" className="variables">
      <h3 id="variables-heading">Variables</h3>
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
