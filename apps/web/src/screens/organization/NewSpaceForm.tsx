import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useLocation } from 'wouter';
import { api, errorMessage } from '../../api.js';

// The select's value for a space that starts with no pages.
const empty = '';

/**
 * A new space of an organization (in a collection, when `parent` is given): empty or from one of
 * the built-in templates, opened once it is made.
 */
export function NewSpaceForm({
  organizationId,
  parent,
}: {
  organizationId: string;
  parent?: string;
}) {
  const queries = useQueryClient();
  const [, navigate] = useLocation();
  const [title, setTitle] = useState('');
  const [template, setTemplate] = useState(empty);
  const templates = useQuery({
    queryKey: ['content-templates'],
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: () => api.GET('/content-templates'),
  });
  const create = useMutation({
    mutationFn: async () => {
      const space = await api.POST('/orgs/{organizationId}/spaces', {
        params: { path: { organizationId } },
        body: { title: title.trim(), ...(parent === undefined ? {} : { parent }) },
      });
      if (template !== empty) {
        await api.POST('/spaces/{spaceId}/content/template', {
          params: { path: { spaceId: space.id } },
          body: { id: template },
        });
      }
      return space;
    },
    onSuccess: async (space) => {
      await queries.invalidateQueries({ queryKey: ['spaces', organizationId] });
      navigate(`/spaces/${space.id}`);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (title.trim() !== '') create.mutate();
  };
  const id = parent === undefined ? 'new-space' : `new-space-in-${parent}`;
  return (
    <>
      <form className="inline-form" onSubmit={submit}>
        <label htmlFor={id}>New space</label>
        <input
          id={id}
          value={title}
          placeholder="Title"
          onChange={(event) => setTitle(event.target.value)}
        />
        <label htmlFor={`${id}-template`}>Starting from</label>
        <select
          id={`${id}-template`}
          value={template}
          onChange={(event) => setTemplate(event.target.value)}
        >
          <option value={empty}>No pages</option>
          {templates.data?.items.map((option) => (
            <option key={option.id} value={option.id}>
              {option.title} ({option.pages} pages)
            </option>
          ))}
        </select>
        <button type="submit" disabled={create.isPending}>
          Create space
        </button>
      </form>
      {create.error === null ? null : <p role="alert">{errorMessage(create.error)}</p>}
    </>
  );
}
