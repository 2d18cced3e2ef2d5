import type { Space } from '@quire/contract';
import type { MemberRole } from '../model/roles.js';
import { spacePermissions } from '../policies/space-policy.js';
import type { SpaceRecord } from '../store/spaces.js';
import type { Urls } from './urls.js';

/** A stored space as the API shows it to a caller with `role` on it. */
export function presentSpace(space: SpaceRecord, role: MemberRole | null, urls: Urls): Space {
  return {
    object: 'space',
    id: space.id,
    title: space.title,
    emoji: space.emoji,
    visibility: space.visibility,
    createdAt: space.createdAt,
    updatedAt: space.updatedAt,
    ...(space.deletedAt === null ? {} : { deletedAt: space.deletedAt }),
    editMode: space.editMode,
    urls: {
      location: urls.api('spaces', space.id),
      app: urls.app('spaces', space.id),
    },
    organization: space.organizationId,
    ...(space.parentId === null ? {} : { parent: space.parentId }),
    revision: space.revisionId,
    defaultLevel: space.defaultLevel,
    comments: space.commentsOpen,
    changeRequests: space.changeRequestCounts.total,
    changeRequestsOpen: space.changeRequestCounts.open,
    changeRequestsDraft: space.changeRequestCounts.draft,
    permissions: spacePermissions(role, space),
    mergeRules: space.mergeRules,
  };
}
