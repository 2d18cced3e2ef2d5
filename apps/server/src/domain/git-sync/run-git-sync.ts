import type { Document } from '@quire/document';
import type { HttpClient } from 'isomorphic-git';
import type { Kysely } from 'kysely';
import { ApiError, shorten } from '../../errors.js';
import { OutboundError } from '../../outbound/outbound-error.js';
import {
  findGitSyncConnection,
  findGitSyncOperation,
  findGitSyncState,
  type GitSyncOperationRecord,
  nextGitSyncOperation,
  saveGitSyncState,
  updateGitSyncOperation,
} from '../../store/git-sync.js';
import { hurryJob } from '../../store/jobs.js';
import { findRevision } from '../../store/revisions.js';
import type { Database } from '../../store/schema.js';
import { listSpaceRedirects, replaceSpaceRedirects } from '../../store/space-redirects.js';
import { findSpaceById, type SpaceRecord } from '../../store/spaces.js';
import { findUserById } from '../../store/users.js';
import type { Actor } from '../actor.js';
import { createChangeRequest } from '../change-requests/create-change-request.js';
import { mergeChangeRequest } from '../change-requests/merge-change-request.js';
import {
  applyContentChanges,
  applyContentChangesToSpace,
} from '../content/apply-content-changes.js';
import type { ContentChangeOutcome } from '../content/change-inputs.js';
import { loadRevision, loadSpaceRevision } from '../content/content-revisions.js';
import { includeNames } from '../content/include-paths.js';
import type { ContentWriteServices } from '../content/prepare-changes.js';
import {
  openRevisionContent,
  type PageNode,
  readBody,
  readFiles,
  readPageTree,
} from '../content/read-content.js';
import { recordEvent } from '../events/record-event.js';
import { spaceEvent } from '../events/space-events.js';
import type { SecretSealer } from '../instance/sealed-secrets.js';
import {
  blobOf,
  type Checkout,
  checkOut,
  commitAndPush,
  type GitRemote,
  remoteTip,
  removeCheckout,
} from './git-repository.js';
import { openGitSyncRequest } from './git-sync-requests.js';
import { type RepositoryContent, readRepository } from './read-repository.js';
import { type RepositoryChanges, repositoryChanges } from './repository-changes.js';
import { spaceFiles } from './space-files.js';
import {
  emptySyncState,
  includeDigest,
  pageDigest,
  type SyncedPage,
  type SyncState,
} from './sync-state.js';
import { type SyncTarget, syncTargetOf } from './sync-target.js';

/** What running an import or export needs. */
export interface GitSyncServices extends ContentWriteServices {
  db: Kysely<Database>;
  sealer: SecretSealer;
  http: HttpClient;
  fileBytes(sha256: string): Promise<Uint8Array>;
  now(): Date;
}

/** What became of one run: finished (well or not), or to be run again at `retryAt`. */
export type GitSyncRunOutcome = { done: true } | { retryAt: Date; error: string };

/** Tries of one operation whose remote failed (unreachable, refused a push) before it fails. */
const attemptsForRemote = 5;
const retryDelayMs = (attempt: number) => Math.min(2 ** attempt * 5_000, 10 * 60_000);
/** While another operation of the space runs, this one looks again after this long. */
const waitForTurnMs = 2_000;

/**
 * Runs one queued import or export, in its space's order: while an earlier operation of the
 * space has not finished, this one waits its turn. A remote that fails (unreachable, refusing
 * the credentials or the push) leaves the space and the repository as they were; the operation
 * is tried again with growing pauses, then fails saying why. Content that cannot be read fails
 * at once.
 */
export async function runGitSync(
  services: GitSyncServices,
  operationId: string,
): Promise<GitSyncRunOutcome> {
  const { db } = services;
  const operation = await findGitSyncOperation(db, operationId);
  if (operation === undefined || operation.status === 'success' || operation.status === 'failure') {
    return { done: true };
  }
  const next = await nextGitSyncOperation(db, operation.spaceId);
  if (next !== undefined && next.id !== operation.id) {
    return {
      retryAt: new Date(services.now().getTime() + waitForTurnMs),
      error: 'waiting its turn',
    };
  }
  const space = await findSpaceById(db, operation.spaceId);
  const user = await findUserById(db, operation.requestedBy);
  if (space === undefined || space.deletedAt !== null || user === undefined) {
    await finish(services, operation, {
      status: 'failure',
      error: 'The space or the member who asked is gone',
    });
    return { done: true };
  }
  const actor: Actor = { user };
  await updateGitSyncOperation(db, operation.id, {
    status: 'running',
    startedAt: services.now().toISOString(),
  });
  try {
    const target = syncTargetOf(
      openGitSyncRequest(services.sealer, operation.request),
      await findGitSyncConnection(db, space.id),
      services.sealer,
    );
    const outcome =
      operation.direction === 'import'
        ? await importRepository(services, actor, space, target)
        : await exportSpace(services, actor, space, target);
    await finish(services, operation, { status: 'success', ...outcome });
    await recordEvent(
      db,
      actor,
      spaceEvent(
        operation.direction === 'import' ? 'space.git_imported' : 'space.git_exported',
        space,
        {
          repository: operation.repositoryUrl,
          operation: operation.id,
          ...(outcome.commit === null ? {} : { commit: outcome.commit }),
          ...(outcome.revisionId === null ? {} : { revision: outcome.revisionId }),
        },
      ),
      services.now(),
    );
    return { done: true };
  } catch (error) {
    const reason = reasonOf(error);
    const failures = operation.failures + 1;
    // Bad input and addresses the outbound guard refuses fail at once: trying again changes
    // nothing. A remote that did not answer or refused is tried again.
    const final =
      error instanceof ApiError ||
      (error instanceof OutboundError && (error.code === 'blocked' || error.code === 'bad-url')) ||
      failures >= attemptsForRemote;
    if (!final) {
      await updateGitSyncOperation(db, operation.id, { status: 'queued', failures, error: reason });
      return {
        retryAt: new Date(services.now().getTime() + retryDelayMs(failures)),
        error: reason,
      };
    }
    await finish(services, operation, { status: 'failure', error: reason });
    await recordEvent(
      db,
      actor,
      spaceEvent('space.git_sync_failed', space, {
        repository: operation.repositoryUrl,
        operation: operation.id,
        direction: operation.direction,
        error: reason,
      }),
      services.now(),
    );
    return { done: true };
  }
}

interface SyncOutcome {
  commit: string | null;
  revisionId: string | null;
  changeRequestId?: string;
}

async function importRepository(
  services: GitSyncServices,
  actor: Actor,
  space: SpaceRecord,
  request: SyncTarget,
): Promise<SyncOutcome> {
  const { remote, directory } = request;
  const checkout = await checkOut(remote, services.http);
  try {
    const head = checkout.head;
    if (head === null) throw new ApiError(400, `The repository has no branch ${remote.branch}`);
    const saved = await loadState(services, space.id, remote, directory);
    const state = request.force === true ? { ...saved, pages: forgetBlobs(saved.pages) } : saved;
    const content = readRepository(checkout.files, directory);
    const blobs = new Map<string, string>();
    for (const [path, bytes] of checkout.files) {
      if (path.endsWith('.md')) blobs.set(path, await blobOf(bytes));
    }
    const save = (next: Omit<SyncState, 'commit' | 'files'>) =>
      saveState(services, space.id, remote, directory, {
        ...next,
        commit: head,
        files: state.files,
      });

    if (request.standalone === true) {
      // A standalone import is a change request on the space's head, and changes no agreement.
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
      await save({
        revisionId: agreedRevision,
        pages: state.pages,
        includes: state.includes ?? {},
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
      const agreement = await agreementAt(
        services,
        space,
        applied.revisionId,
        content,
        plan,
        applied.outcomes,
        state,
        blobs,
      );
      await saveRedirects(services, space.id, content, agreement.pages);
      await save({ revisionId: applied.revisionId, ...agreement });
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
      });
      return {
        commit: head,
        revisionId: mirror,
        changeRequestId: changeRequest.id,
      };
    }
    const agreement = await agreementAt(
      services,
      space,
      mirror,
      content,
      plan,
      applied.outcomes,
      state,
      blobs,
    );
    await saveRedirects(services, space.id, content, agreement.pages);
    await save({ revisionId: mirror, ...agreement });
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
    state,
  );
}

/**
 * Each page and reusable content of the repository as the revision that mirrors it holds it:
 * its key, file, blob and digest. Pages the batch inserted are found by their `ref`.
 */
async function agreementAt(
  services: GitSyncServices,
  space: SpaceRecord,
  revisionId: string,
  content: RepositoryContent,
  plan: RepositoryChanges,
  outcomes: readonly ContentChangeOutcome[],
  state: SyncState,
  blobs: ReadonlyMap<string, string>,
): Promise<Pick<SyncState, 'pages' | 'includes'>> {
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
  return { pages: await syncedPages(await readPageTree(tree), keys, state, blobs), includes };
}

/**
 * Exports the space. When the branch moved since the two last agreed (someone pushed), what
 * was pushed is imported first, so the export never writes over it: edits of other pages come
 * into the space and go out again unchanged; edits of pages the space also edited wait in a
 * change request, while the space's version is exported.
 */
async function exportSpace(
  services: GitSyncServices,
  actor: Actor,
  given: SpaceRecord,
  request: SyncTarget,
): Promise<SyncOutcome> {
  const { remote, directory } = request;
  let space = given;
  let pulled: SyncOutcome | undefined;
  const agreed = await loadState(services, space.id, remote, directory);
  if (request.force !== true && request.standalone !== true && agreed.commit !== null) {
    const tip = await remoteTip(remote, services.http);
    if (tip !== null && tip !== agreed.commit) {
      pulled = await importRepository(services, actor, space, { remote, directory });
      space = (await findSpaceById(services.db, space.id)) ?? space;
    }
  }
  const checkout: Checkout = await checkOut(remote, services.http);
  try {
    const saved = await loadState(services, space.id, remote, directory);
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
      await saveState(services, space.id, remote, directory, {
        revisionId: space.revisionId,
        commit: commit ?? checkout.head,
        pages: files.pages,
        files: files.files,
        includes: files.includes,
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

// Each repository, branch and folder a space syncs with has an agreement of its own.
async function loadState(
  services: GitSyncServices,
  spaceId: string,
  remote: GitRemote,
  directory: string,
): Promise<SyncState> {
  const record = await findGitSyncState(services.db, spaceId, {
    repositoryUrl: remote.url,
    branch: remote.branch,
    directory,
  });
  return record === undefined ? emptySyncState : (JSON.parse(record.state) as SyncState);
}

async function saveState(
  services: GitSyncServices,
  spaceId: string,
  remote: GitRemote,
  directory: string,
  state: SyncState,
): Promise<void> {
  await saveGitSyncState(services.db, {
    spaceId,
    repositoryUrl: remote.url,
    branch: remote.branch,
    directory,
    state: JSON.stringify(state),
    updatedAt: services.now().toISOString(),
  });
}

async function finish(
  services: GitSyncServices,
  operation: GitSyncOperationRecord,
  outcome: {
    status: 'success' | 'failure';
    error?: string;
    commit?: string | null;
    revisionId?: string | null;
    changeRequestId?: string;
  },
): Promise<void> {
  await updateGitSyncOperation(services.db, operation.id, {
    status: outcome.status,
    error: outcome.error ?? null,
    ...(outcome.commit === undefined ? {} : { commit: outcome.commit }),
    ...(outcome.revisionId === undefined ? {} : { revisionId: outcome.revisionId }),
    ...(outcome.changeRequestId === undefined ? {} : { changeRequestId: outcome.changeRequestId }),
    endedAt: services.now().toISOString(),
  });
  // The next operation of the space waits its turn; it need not wait out its pause.
  const next = await nextGitSyncOperation(services.db, operation.spaceId);
  if (next?.jobId) await hurryJob(services.db, next.jobId, services.now());
}

function reasonOf(error: unknown): string {
  if (error instanceof Error) return shorten(error.message.replace(/\/\/[^@/\s]*@/g, '//'), 500);
  return shorten(String(error), 500);
}
