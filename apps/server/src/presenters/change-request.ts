import type { components } from '@quire/contract';
import type { ChangeRequestRecord } from '../store/change-requests.js';
import type { SpaceRecord } from '../store/spaces.js';
import type { UserRecord } from '../store/users.js';
import { presentDocument } from './json-document.js';
import type { Urls } from './urls.js';
import { presentUser } from './user.js';

type ChangeRequest = components['schemas']['ChangeRequest'];

/** What a change request read on its own also says: the caller's permissions and why it can't merge. */
export type ChangeRequestMergeStatus = Pick<ChangeRequest, 'permissions' | 'unmetMergeRules'>;

/**
 * A change request as the API shows it. It is `outdated` when the space has moved on since its
 * merge base: the revision it was last updated from, else the one it was created from.
 */
export function presentChangeRequest(
  changeRequest: ChangeRequestRecord,
  author: UserRecord,
  space: Pick<SpaceRecord, 'revisionId'>,
  urls: Urls,
  mergeStatus: ChangeRequestMergeStatus = {},
): ChangeRequest {
  const mergeBase = changeRequest.revisionMergedAncestor ?? changeRequest.revisionInitial;
  return {
    object: 'change-request',
    id: changeRequest.id,
    number: changeRequest.number,
    status: changeRequest.status,
    subject: changeRequest.subject,
    ...(changeRequest.description === null
      ? {}
      : { description: presentDocument(JSON.parse(changeRequest.description)) }),
    createdBy: presentUser(author, urls),
    createdAt: changeRequest.createdAt,
    updatedAt: changeRequest.updatedAt,
    space: changeRequest.spaceId,
    revision: changeRequest.revisionId,
    revisionInitial: changeRequest.revisionInitial,
    ...(changeRequest.revisionMergedAncestor === null
      ? {}
      : { revisionMergedAncestor: changeRequest.revisionMergedAncestor }),
    ...(changeRequest.revisionMerged === null
      ? {}
      : { revisionMerged: changeRequest.revisionMerged }),
    comments: changeRequest.commentsOpen,
    outdated: changeRequest.status !== 'merged' && space.revisionId !== mergeBase,
    ...mergeStatus,
    urls: {
      location: urls.api('spaces', changeRequest.spaceId, 'change-requests', changeRequest.id),
      app: urls.app(
        'spaces',
        changeRequest.spaceId,
        'change-requests',
        String(changeRequest.number),
      ),
    },
  };
}
