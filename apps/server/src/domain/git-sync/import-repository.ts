import { invalid } from '../../errors.js';
import { findRevision } from '../../store/revisions.js';
import { listSpaceRedirects, replaceSpaceRedirects } from '../../store/space-redirects.js';
import type { SpaceRecord } from '../../store/spaces.js';
import type { Actor } from '../actor.js';
import { createChangeRequest } from '../change-requests/create-change-request.js';
import { mergeChangeRequest } from '../change-requests/merge-change-request.js';
import {
  applyContentChanges,
  applyContentChangesToSpace,
} from '../content/apply-content-changes.js';
import type { ContentChangeOutcome } from '../content/change-inputs.js';
import { loadRevision } from '../content/content-revisions.js';
import { includeNames } from '../content/include-paths.js';
import {
  openRevisionContent,
  type PageNode,
  readFiles,
  readPageTree,
} from '../content/read-content.js';
import { blobOf, checkOut, removeCheckout } from './git-repository.js';
import { loadLastSync, saveLastSync } from './last-sync.js';
import { type RepositoryContent, readRepository } from './read-repository.js';
import { type RepositoryChanges, repositoryChanges } from './repository-changes.js';
import type { GitSyncServices, SyncOutcome } from './sync-services.js';
import {
  includeDigest,
  pageDigest,
  type SyncedPage,
  type SyncedVariables,
  type SyncState,
  variablesDigest,
} from './sync-state.js';
import type { SyncTarget } from './sync-target.js';

export async function importRepository(
  services: GitSyncServices,
  actor: Actor,
  space: SpaceRecord,
  request: SyncTarget,
): Promise<SyncOutcome> {
  const { remote, directory } = request;
  const checkout = await checkOut(remote, services.http);
  try {
    const head = checkout.head;
    if (head === null) throw invalid(`The repository has no branch ${remote.branch}`);
    const saved = await loadLastSync(services, space.id, remote, directory);
    // A forced import takes every file as changed: the repository's version of each wins.
    const state: SyncState =
      request.force === true
        ? {
            ...saved,
            pages: forgetBlobs(saved.pages),
            ...(saved.variables === undefined
              ? {}
              : { variables: { ...saved.variables, blob: '' } }),
          }
        : saved;
    const content = readRepository(checkout.files, directory);
    const blobs = new Map<string, string>();
    for (const [path, bytes] of checkout.files) {
      if (path.endsWith('.md') || path === content.layout.variables) {
        blobs.set(path, await blobOf(bytes));
      }
    }
    const save = (next: Omit<SyncState, 'commit' | 'files'>) =>
      saveLastSync(services, space.id, remote, directory, {
        ...next,
        commit: head,
        files: state.files,
      });

    if (request.standalone === true) {
      // A standalone import is a change request on the space's head, and changes no lastSync.
      const plan = await planOn(services, space, space.revisionId, content, blobs, state);
      const { changeRequest, applied } = await importIntoChangeRequest(
        services,
        actor,
        space,
        `Import from ${remote.branch} (${head.slice(0, 7)})`,
        space.revisionId,
        plan,
      );
      return {
        commit: head,
        revisionId: applied.changeRequest.revisionId,
        changeRequestId: changeRequest.id,
      };
    }

    const agreedRevision =
      state.revisionId !== null &&
      (await findRevision(services.db, space.id, state.revisionId)) !== undefined
        ? state.revisionId
        : space.revisionId;
    const plan = await planOn(services, space, agreedRevision, content, blobs, state);
    if (plan.changes.length === 0) {
      await saveRedirects(services, space.id, content, state.pages);
      // Nothing to change: the revision they agreed on has the file's variables, if any.
      const variables = syncedVariables(content, blobs, content.variables ?? {});
      await save({
        revisionId: agreedRevision,
        pages: state.pages,
        includes: state.includes ?? {},
        ...(variables === undefined ? {} : { variables }),
      });
      return { commit: head, revisionId: null };
    }
    if (agreedRevision === space.revisionId) {
      // Nothing happened in the space since the two agreed: the repository's changes apply to
      // its head, and the revision they make mirrors the repository.
      const applied = await applyContentChangesToSpace(
        services.db,
        actor,
        space.id,
        plan.changes,
        services,
        'space.content_imported',
        services.now(),
        { source: 'git', commit: head },
      );
      const lastSync = await lastSyncAt(
        services,
        space,
        applied.revisionId,
        content,
        plan,
        applied.outcomes,
        state,
        blobs,
      );
      await saveRedirects(services, space.id, content, lastSync.pages);
      await save({ revisionId: applied.revisionId, ...lastSync });
      return { commit: head, revisionId: applied.revisionId };
    }

    // The space moved too: the repository's changes go on what the two agreed on, in a change
    // request, which merges into the space three ways. Its revision mirrors the repository.
    const { changeRequest, applied } = await importIntoChangeRequest(
      services,
      actor,
      space,
      `Import from ${remote.branch} (${head.slice(0, 7)})`,
      agreedRevision,
      plan,
    );
    const mirror = applied.changeRequest.revisionId;
    const merged = await mergeChangeRequest(
      services.db,
      actor,
      space.id,
      changeRequest.id,
      { bodies: services, heads: services.heads },
      services.now(),
    );
    if (merged.result === 'conflicts') {
      // The repository's version waits in the change request, its conflicts shown by its
      // merge; the tip is known, so polls and webhooks of it queue nothing more.
      await save({
        revisionId: state.revisionId,
        pages: state.pages,
        includes: state.includes ?? {},
        ...(state.variables === undefined ? {} : { variables: state.variables }),
      });
      return {
        commit: head,
        revisionId: mirror,
        changeRequestId: changeRequest.id,
      };
    }
    const lastSync = await lastSyncAt(
      services,
      space,
      mirror,
      content,
      plan,
      applied.outcomes,
      state,
      blobs,
    );
    await saveRedirects(services, space.id, content, lastSync.pages);
    await save({ revisionId: mirror, ...lastSync });
    return { commit: head, revisionId: merged.revision };
  } finally {
    await removeCheckout(checkout);
  }
}

/**
 * Replaces the space's redirects with the repository's, each to the id of the page whose file it
 * names (`pages` maps the space's page ids to their keys, as the import left them). Only imports
 * into the space's head write them: a change request's import leaves them until it merges by a
 * later sync. Left as they are when they did not change.
 */
async function saveRedirects(
  services: GitSyncServices,
  spaceId: string,
  content: RepositoryContent,
  pages: Readonly<Record<string, SyncedPage>>,
): Promise<void> {
  const idOfKey = new Map<string, string>();
  for (const [id, page] of Object.entries(pages)) idOfKey.set(page.key, id);
  const wanted = new Map<string, string>();
  for (const redirect of content.redirects) {
    const pageId = idOfKey.get(redirect.key);
    // The first of two entries that name the same path wins, as a reader would find it.
    if (pageId !== undefined && !wanted.has(redirect.source)) wanted.set(redirect.source, pageId);
  }
  const stored = await listSpaceRedirects(services.db, spaceId);
  const same =
    stored.length === wanted.size &&
    stored.every((record) => wanted.get(record.source) === record.pageId);
  if (same) return;
  await replaceSpaceRedirects(
    services.db,
    spaceId,
    [...wanted].map(([source, pageId]) => ({ source, pageId })),
    services.now(),
  );
}

/** Opens a change request on `base` and writes the repository's changes in it. */
async function importIntoChangeRequest(
  services: GitSyncServices,
  actor: Actor,
  space: SpaceRecord,
  subject: string,
  base: string,
  plan: RepositoryChanges,
) {
  const changeRequest = await createChangeRequest(
    services.db,
    actor,
    space,
    { subject, base },
    services.now(),
  );
  const applied = await applyContentChanges(
    services.db,
    actor,
    changeRequest,
    plan.changes,
    services,
    services.now(),
  );
  return { changeRequest, applied };
}

/** The changes that bring the content of `revisionId` in line with the repository. */
async function planOn(
  services: GitSyncServices,
  space: SpaceRecord,
  revisionId: string,
  content: RepositoryContent,
  blobs: ReadonlyMap<string, string>,
  state: SyncState,
): Promise<RepositoryChanges> {
  const tree = await openRevisionContent(
    services.db,
    await loadRevision(services.db, space, revisionId),
  );
  return repositoryChanges(
    content,
    blobs,
    await readPageTree(tree),
    await readFiles(tree),
    await tree.reusableContents(),
    await tree.variables(),
    state,
  );
}

/**
 * Each page and reusable content of the repository as the revision that mirrors it holds it:
 * its key, file, blob and digest. Pages the batch inserted are found by their `ref`.
 */
async function lastSyncAt(
  services: GitSyncServices,
  space: SpaceRecord,
  revisionId: string,
  content: RepositoryContent,
  plan: RepositoryChanges,
  outcomes: readonly ContentChangeOutcome[],
  state: SyncState,
  blobs: ReadonlyMap<string, string>,
): Promise<Pick<SyncState, 'pages' | 'includes' | 'variables'>> {
  const keys = new Map<string, string>();
  for (const [idOrRef, key] of plan.keys) {
    const created = outcomes.find(
      (outcome) => outcome.object === 'created_page' && outcome.ref === idOrRef,
    );
    keys.set(created !== undefined && 'pageId' in created ? created.pageId : idOrRef, key);
  }
  const tree = await openRevisionContent(
    services.db,
    await loadRevision(services.db, space, revisionId),
  );
  const reusables = await tree.reusableContents();
  const names = includeNames(reusables);
  const includes: Record<string, SyncedPage> = {};
  for (const record of reusables) {
    const name = names.get(record.id) ?? record.id;
    const path = `${content.layout.includes}${name}.md`;
    const blob = blobs.get(path);
    includes[record.id] = {
      key: `include:${name}`,
      path,
      ...(blob === undefined ? {} : { blob }),
      digest: includeDigest(record),
    };
  }
  const variables = syncedVariables(content, blobs, await tree.variables());
  return {
    pages: await syncedPages(await readPageTree(tree), keys, state, blobs),
    includes,
    ...(variables === undefined ? {} : { variables }),
  };
}

/** The variables' file as the two now agree on it, when the repository has one. */
function syncedVariables(
  content: RepositoryContent,
  blobs: ReadonlyMap<string, string>,
  values: Readonly<Record<string, string>>,
): SyncedVariables | undefined {
  const path = content.layout.variables;
  const blob = blobs.get(path);
  return blob === undefined ? undefined : { path, blob, digest: variablesDigest(values) };
}

async function syncedPages(
  nodes: readonly PageNode[],
  keys: ReadonlyMap<string, string>,
  state: SyncState,
  blobs: ReadonlyMap<string, string>,
): Promise<Record<string, SyncedPage>> {
  const pages: Record<string, SyncedPage> = {};
  const visit = (list: readonly PageNode[]) => {
    for (const node of list) {
      const key = keys.get(node.page.id);
      if (key !== undefined) {
        const before = state.pages[node.page.id];
        const path = key.includes(':') ? (before?.path ?? '') : key;
        const blob = blobs.get(key);
        pages[node.page.id] = {
          key,
          path,
          ...(blob === undefined ? {} : { blob }),
          digest: pageDigest(node.page),
        };
      }
      visit(node.children);
    }
  };
  visit(nodes);
  return pages;
}

function forgetBlobs(pages: Record<string, SyncedPage>): Record<string, SyncedPage> {
  return Object.fromEntries(
    Object.entries(pages).map(([id, page]) => {
      const { blob: _blob, ...rest } = page;
      return [id, rest];
    }),
  );
}
