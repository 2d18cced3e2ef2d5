import type { components } from '@quire/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link } from 'wouter';
import { api, errorMessage } from '../../api.js';

type Space = components['schemas']['Space'];

/** Every page of a list, followed to its end: an organization's spaces and collections are few. */
async function everyItem<T>(
  read: (page: string | undefined) => Promise<{ items: T[]; next?: { page: string } }>,
): Promise<T[]> {
  const items: T[] = [];
  let page: string | undefined;
  do {
    const answer = await read(page);
    items.push(...answer.items);
    page = answer.next?.page;
  } while (page !== undefined);
  return items;
}

const pageQuery = (page: string | undefined) => ({
  limit: 1000,
  ...(page === undefined ? {} : { page }),
});

/** The organization's spaces the person may read, in and out of collections. */
export function useOrganizationSpaces(organizationId: string) {
  return useQuery({
    queryKey: ['spaces', organizationId],
    queryFn: () =>
      everyItem((page) =>
        api.GET('/orgs/{organizationId}/spaces', {
          params: { path: { organizationId }, query: pageQuery(page) },
        }),
      ),
  });
}

/** The organization's collections, nested ones included. */
export function useOrganizationCollections(organizationId: string) {
  return useQuery({
    queryKey: ['collections', organizationId],
    queryFn: () =>
      everyItem((page) =>
        api.GET('/orgs/{organizationId}/collections', {
          params: { path: { organizationId }, query: pageQuery(page) },
        }),
      ),
  });
}

/** Links to the collections directly in `parent` (or at the top, without one). */
export function CollectionList({
  organizationId,
  parent,
}: {
  organizationId: string;
  parent?: string;
}) {
  const collections = useOrganizationCollections(organizationId);
  const shown = (collections.data ?? []).filter((collection) => collection.parent === parent);
  if (shown.length === 0) return null;
  return (
    <ul className="cards">
      {shown.map((collection) => (
        <li key={collection.id}>
          <Link href={`/collections/${collection.id}`}>🗂 {collection.title || 'Untitled'}</Link>
        </li>
      ))}
    </ul>
  );
}

/** Links to spaces. */
export function SpaceList({ spaces }: { spaces: readonly Space[] }) {
  return (
    <ul className="cards">
      {spaces.map((space) => (
        <li key={space.id}>
          <Link href={`/spaces/${space.id}`}>
            {space.emoji ? `${space.emoji} ` : ''}
            {space.title || 'Untitled space'}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** A new collection of the organization, at the top or in `parent`. */
export function NewCollectionForm({
  organizationId,
  parent,
}: {
  organizationId: string;
  parent?: string;
}) {
  const queries = useQueryClient();
  const [title, setTitle] = useState('');
  const create = useMutation({
    mutationFn: () =>
      api.POST('/orgs/{organizationId}/collections', {
        params: { path: { organizationId } },
        body: { title: title.trim(), ...(parent === undefined ? {} : { parent }) },
      }),
    onSuccess: () => setTitle(''),
    onSettled: () => queries.invalidateQueries({ queryKey: ['collections', organizationId] }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (title.trim() !== '') create.mutate();
  };
  const id = parent === undefined ? 'new-collection' : `new-collection-in-${parent}`;
  return (
    <>
      <form className="inline-form" onSubmit={submit}>
        <label htmlFor={id}>New collection</label>
        <input
          id={id}
          value={title}
          placeholder="Title"
          onChange={(event) => setTitle(event.target.value)}
        />
        <button type="submit" disabled={create.isPending}>
          Create collection
        </button>
      </form>
      {create.error === null ? null : <p role="alert">{errorMessage(create.error)}</p>}
    </>
  );
}
