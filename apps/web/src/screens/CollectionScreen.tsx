import type { components } from '@quire/contract';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { api } from '../api.js';
import {
  CollectionList,
  NewCollectionForm,
  SpaceList,
  useOrganizationSpaces,
} from './organization/collections.js';
import { NewSpaceForm } from './organization/NewSpaceForm.js';

type Collection = components['schemas']['Collection'];

/** A collection: the collections and spaces in it, and new ones made inside it. */
export function CollectionScreen({ collectionId }: { collectionId: string }) {
  const collection = useQuery({
    queryKey: ['collection', collectionId],
    queryFn: () => api.GET('/collections/{collectionId}', { params: { path: { collectionId } } }),
  });
  if (collection.data === undefined) return <p className="loading">Loading…</p>;
  return <CollectionContents collection={collection.data} />;
}

function CollectionContents({ collection }: { collection: Collection }) {
  const organizationId = collection.organization;
  const spaces = useOrganizationSpaces(organizationId);
  const up =
    collection.parent === undefined
      ? `/orgs/${organizationId}`
      : `/collections/${collection.parent}`;
  return (
    <section className="screen">
      <p>
        <Link href={up}>← Up</Link>
      </p>
      <h1>{collection.title || 'Untitled collection'}</h1>
      {collection.description === undefined ? null : <p>{collection.description}</p>}
      <CollectionList organizationId={organizationId} parent={collection.id} />
      <SpaceList spaces={(spaces.data ?? []).filter((space) => space.parent === collection.id)} />
      {collection.permissions.create ? (
        <>
          <NewSpaceForm organizationId={organizationId} parent={collection.id} />
          <NewCollectionForm organizationId={organizationId} parent={collection.id} />
        </>
      ) : null}
    </section>
  );
}
