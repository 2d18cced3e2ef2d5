import type { components } from '@quire/contract';
import type { AppliedChanges } from '../domain/content/apply-content-changes.js';
import { type PageOutcome, pageOutcomesOf } from '../domain/content/page-outcomes.js';
import type { FileRecord } from '../domain/content/records.js';
import type { SpaceRecord } from '../store/spaces.js';
import type { UserRecord } from '../store/users.js';
import { presentChangeRequest } from './change-request.js';
import { presentFile } from './file.js';
import { presentReusableContent } from './reusable-content.js';
import type { Urls } from './urls.js';

type Schemas = components['schemas'];

/**
 * What a batch of content changes answers with `compat=false`: the change request, the pages it
 * affected (see {@link pageOutcomesOf}) and the files and reusable contents it inserted.
 */
export function presentContentChanges(
  applied: AppliedChanges,
  author: UserRecord,
  space: Pick<SpaceRecord, 'revisionId'>,
  { urls, downloadUrl }: { urls: Urls; downloadUrl: (file: FileRecord) => string },
): Schemas['ContentChangesResult'] {
  const { changeRequest } = applied;
  const pageReference = (id: string): Schemas['ChangedPageReference'] => ({
    object: 'page',
    id,
    urls: {
      location: urls.api(
        'spaces',
        changeRequest.spaceId,
        'change-requests',
        changeRequest.id,
        'content',
        'page',
        id,
      ),
    },
  });
  return {
    changeRequest: presentChangeRequest(changeRequest, author, space, urls),
    changes: pageOutcomesOf(applied.outcomes).map((outcome) =>
      presentOutcome(outcome, pageReference),
    ),
    ...(applied.insertedFiles.length === 0
      ? {}
      : {
          insertedFiles: applied.insertedFiles.map((file) => presentFile(file, downloadUrl(file))),
        }),
    ...(applied.insertedReusableContents.length === 0
      ? {}
      : {
          insertedReusableContents: applied.insertedReusableContents.map(presentReusableContent),
        }),
  };
}

function presentOutcome(
  outcome: PageOutcome,
  pageReference: (id: string) => Schemas['ChangedPageReference'],
): Schemas['ContentChangeOutcome'] {
  switch (outcome.object) {
    case 'created_page':
      return {
        object: 'created_page',
        ...(outcome.ref === undefined ? {} : { ref: outcome.ref }),
        page: pageReference(outcome.pageId),
      };
    case 'updated_page':
      return { object: 'updated_page', page: pageReference(outcome.pageId) };
    case 'deleted_page':
      return { object: 'deleted_page', page: outcome.pageId };
  }
}
