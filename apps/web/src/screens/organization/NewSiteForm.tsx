import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useLocation } from 'wouter';
import { api, errorMessage } from '../../api.js';

/**
 * A new site of an organization, publishing one of its spaces, opened once it is made (where it
 * is published). Unpublished until then, as the API creates every site.
 */
export function NewSiteForm({
  organizationId,
  spaces,
}: {
  organizationId: string;
  spaces: readonly { id: string; title: string }[];
}) {
  const queries = useQueryClient();
  const [, navigate] = useLocation();
  const [title, setTitle] = useState('');
  const [space, setSpace] = useState('');
  const shown = space || spaces[0]?.id || '';
  const create = useMutation({
    mutationFn: () =>
      api.POST('/orgs/{organizationId}/sites', {
        params: { path: { organizationId } },
        body: { title: title.trim(), spaces: shown === '' ? 'empty' : [shown] },
      }),
    onSuccess: async (site) => {
      await queries.invalidateQueries({ queryKey: ['sites', organizationId] });
      navigate(`/orgs/${organizationId}/sites/${site.id}`);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (title.trim() !== '') create.mutate();
  };
  return (
    <>
      <form className="inline-form" onSubmit={submit}>
        <label htmlFor="new-site">New site</label>
        <input
          id="new-site"
          value={title}
          placeholder="Title"
          onChange={(event) => setTitle(event.target.value)}
        />
        <label htmlFor="new-site-space">Publishing</label>
        <select
          id="new-site-space"
          value={shown}
          onChange={(event) => setSpace(event.target.value)}
        >
          {spaces.map((each) => (
            <option key={each.id} value={each.id}>
              {each.title || 'Untitled space'}
            </option>
          ))}
          <option value="">A new empty space</option>
        </select>
        <button type="submit" disabled={create.isPending}>
          Create site
        </button>
      </form>
      {create.error === null ? null : <p role="alert">{errorMessage(create.error)}</p>}
    </>
  );
}
