import type { components } from '@quire/contract';
import type { RevisionRecord } from '../store/revisions.js';
import type { Urls } from './urls.js';

type Revision = components['schemas']['Revision'];

/** A revision as the API shows it, from its already presented parts. */
export function presentRevision(
  revision: RevisionRecord,
  parts: {
    pages: Revision['pages'];
    files: Revision['files'];
    reusableContents: Revision['reusableContents'];
    variables: Record<string, string>;
    tags: Revision['tags'];
    mergedFrom?: Revision['mergedFrom'];
  },
  urls: Urls,
): Revision {
  return {
    object: 'revision',
    id: revision.id,
    parents: revision.parents,
    pages: parts.pages,
    files: parts.files,
    reusableContents: parts.reusableContents,
    variables: parts.variables,
    tags: parts.tags,
    createdAt: revision.createdAt,
    type: revision.type,
    ...(parts.mergedFrom === undefined ? {} : { mergedFrom: parts.mergedFrom }),
    urls: { app: urls.app('spaces', revision.spaceId, 'revisions', revision.id) },
  };
}
