import type { Document } from '@quire/document';
import { findSpaceById, type SpaceRecord } from '../../store/spaces.js';
import type { Actor } from '../actor.js';
import { loadSpaceRevision } from '../content/content-revisions.js';
import { openRevisionContent, readBody, readFiles, readPageTree } from '../content/read-content.js';
import {
  blobOf,
  type Checkout,
  checkOut,
  commitAndPush,
  removeCheckout,
} from './git-repository.js';
import { importRepository } from './import-repository.js';
import { loadLastSync, saveLastSync } from './last-sync.js';
import { readRepository } from './read-repository.js';
import { spaceFiles } from './space-files.js';
import type { GitSyncServices, SyncOutcome } from './sync-services.js';
import { emptySyncState } from './sync-state.js';
import type { SyncTarget } from './sync-target.js';

/**
 * Exports the space. When the branch moved since the two last agreed (someone pushed), what
 * was pushed is imported first, so the export never writes over it: edits of other pages come
 * into the space and go out again unchanged; edits of pages the space also edited wait in a
 * change request, while the space's version is exported.
 */
export async function exportSpace(
  services: GitSyncServices,
  actor: Actor,
  given: SpaceRecord,
  request: SyncTarget,
): Promise<SyncOutcome> {
  const { remote, directory } = request;
  let space = given;
  let pulled: SyncOutcome | undefined;
  let saved = await loadLastSync(services, space.id, remote, directory);
  let checkout: Checkout = await checkOut(remote, services.http);
  const pushedSince =
    request.force !== true &&
    request.standalone !== true &&
    saved.commit !== null &&
    checkout.head !== null &&
    checkout.head !== saved.commit;
  if (pushedSince) {
    await removeCheckout(checkout);
    pulled = await importRepository(services, actor, space, { remote, directory });
    space = (await findSpaceById(services.db, space.id)) ?? space;
    saved = await loadLastSync(services, space.id, remote, directory);
    checkout = await checkOut(remote, services.http);
  }
  try {
    const state = request.force === true ? emptySyncState : saved;
    const content = readRepository(checkout.files, directory);
    const tree = await openRevisionContent(
      services.db,
      await loadSpaceRevision(services.db, space),
    );
    const files = await spaceFiles(
      await readPageTree(tree),
      await readFiles(tree),
      await tree.reusableContents(),
      await tree.variables(),
      content.layout,
      state,
      checkout.files,
      {
        body: (documentId): Promise<Document> => readBody(tree.objects, documentId),
        toMarkdown: (document) => services.toMarkdown(document),
        fileBytes: (sha256) => services.fileBytes(sha256),
        blobOf,
      },
    );
    const commit = await commitAndPush(checkout, remote, services.http, files, {
      message: request.commitMessage ?? 'Update from Quire',
      author: { name: actor.user.displayName || actor.user.email, email: actor.user.email },
      at: services.now(),
    });
    if (request.standalone !== true) {
      await saveLastSync(services, space.id, remote, directory, {
        revisionId: space.revisionId,
        commit: commit ?? checkout.head,
        pages: files.pages,
        files: files.files,
        includes: files.includes,
        ...(files.variables === undefined ? {} : { variables: files.variables }),
      });
    }
    return {
      commit,
      revisionId: pulled?.revisionId ?? null,
      ...(pulled?.changeRequestId === undefined ? {} : { changeRequestId: pulled.changeRequestId }),
    };
  } finally {
    await removeCheckout(checkout);
  }
}
