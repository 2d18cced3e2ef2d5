import type { components } from '@quire/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ComponentProps, Fragment, useCallback, useMemo, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { api, errorMessage, signedInUser } from '../api.js';
import type { UploadedImage } from '../editor/block-views.js';
import { type CollaborationState, type Peer, useCollaboration } from '../editor/collaboration.js';
import type { ImageUrl } from '../editor/image-urls.js';
import { PageEditor } from '../editor/PageEditor.js';
import type { LinkablePage } from '../editor/page-links.js';
import { useReusableContents } from '../editor/reusable-contents.js';
import { useChangeRequestImages } from '../editor/space-images.js';
import { useVariables } from '../editor/space-variables.js';
import { firstDocumentPage, PageTree, PeopleHere } from '../page-tree.js';
import { ChangeRequestDiff } from './ChangeRequestDiff.js';
import { ConflictPanel } from './ConflictPanel.js';
import { PageActions } from './PageActions.js';
import { ReviewPanel } from './ReviewPanel.js';
import { VariablesPanel } from './VariablesPanel.js';

/** A change request: its pages, the page being written, saving, and merging. */
export default function ChangeRequestScreen({
  spaceId,
  changeRequestId,
  pageId,
}: {
  spaceId: string;
  changeRequestId: string;
  pageId?: string;
}) {
  const path = { spaceId, changeRequestId };
  const base = `/spaces/${spaceId}/change-requests/${changeRequestId}`;
  const queries = useQueryClient();
  const [, navigate] = useLocation();
  const changeRequest = useQuery({
    queryKey: ['change-request', spaceId, changeRequestId],
    queryFn: () =>
      api.GET('/spaces/{spaceId}/change-requests/{changeRequestId}', { params: { path } }),
  });
  const variables = useVariables(spaceId, changeRequest.data?.revision);
  const pages = useQuery({
    queryKey: ['change-request-pages', spaceId, changeRequestId],
    queryFn: () =>
      api.GET('/spaces/{spaceId}/change-requests/{changeRequestId}/content/pages', {
        params: { path },
      }),
  });
  const shown = pageId ?? firstDocumentPage(pages.data?.pages ?? []);
  // What `@` links to, flattened once per read of the tree, not on every save's redraw.
  const linkable = useMemo(() => documentPages(pages.data?.pages ?? []), [pages.data]);
  const imageUrl = useChangeRequestImages(spaceId, changeRequestId);
  const reusableContent = useReusableContents({ spaceId, changeRequestId });

  const [uploadFailure, setUploadFailure] = useState<string>();
  const uploadImage = useCallback(
    async (file: File): Promise<UploadedImage> => {
      setUploadFailure(undefined);
      // The browser encodes the file itself: a data URL is its type, then its base64.
      const dataUrl = await new Promise<string>((resolve, reject) => {
        const reader = new FileReader();
        reader.onload = () => resolve(String(reader.result));
        reader.onerror = () => reject(reader.error);
        reader.readAsDataURL(file);
      });
      const result = await api.POST('/spaces/{spaceId}/change-requests/{changeRequestId}/content', {
        params: { path: { spaceId, changeRequestId }, query: { compat: false } },
        body: {
          changes: [
            {
              operation: 'insert_files',
              files: [
                {
                  name: file.name,
                  base64: dataUrl.slice(dataUrl.indexOf(',') + 1),
                  ...(file.type === '' ? {} : { contentType: file.type }),
                },
              ],
            },
          ],
        },
      });
      const inserted = 'insertedFiles' in result ? result.insertedFiles?.[0] : undefined;
      if (inserted === undefined) throw new Error('the server kept no file');
      void queries.invalidateQueries({
        queryKey: ['change-request-files', spaceId, changeRequestId],
      });
      // Pages name a file of the space as GitBook's Markdown does.
      return {
        path: `.gitbook/assets/${encodeURIComponent(inserted.name)}`,
        downloadURL: inserted.downloadURL,
      };
    },
    [spaceId, changeRequestId, queries],
  );
  const page = useQuery({
    queryKey: ['change-request-page', spaceId, changeRequestId, shown],
    enabled: shown !== undefined,
    // What the editor holds is newer than any answer: the page is read once per visit.
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: () =>
      api.GET('/spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}', {
        params: { path: { ...path, pageId: shown ?? '' }, query: { format: 'document' } },
      }),
  });
  const pageVariables =
    page.data !== undefined && 'variables' in page.data ? page.data.variables : undefined;
  // One object while neither changes: the editor redraws its expressions when it does.
  const expressionVariables = useMemo(
    () => (variables === undefined ? undefined : { space: variables, page: pageVariables ?? {} }),
    [variables, pageVariables],
  );
  const applyChanges = useCallback(
    async (changes: ContentChange[]) => {
      await api.POST('/spaces/{spaceId}/change-requests/{changeRequestId}/content', {
        params: { path: { spaceId, changeRequestId } },
        body: { changes },
      });
    },
    [spaceId, changeRequestId],
  );
  const me = useQuery(signedInUser);
  const person = { id: me.data?.id ?? '', name: me.data?.displayName ?? '' };
  // Who is in the change request, and on which page: the tree shows them.
  const room = useCollaboration(`${spaceId}/${changeRequestId}`, person, { pageId: shown });
  // Before what reads the change request's revision (a merge, a new page), what was typed in
  // the page is written as one.
  const flushPage = useRef<() => Promise<void>>(async () => {});
  const addPage = useMutation({
    mutationFn: async () => {
      await flushPage.current();
      const result = await api.POST('/spaces/{spaceId}/change-requests/{changeRequestId}/content', {
        params: { path, query: { compat: false } },
        body: { changes: [{ operation: 'insert_page', title: 'Untitled', document: {} }] },
      });
      return result;
    },
    onSuccess: async (result) => {
      await queries.invalidateQueries({ queryKey: ['change-request-pages', spaceId] });
      const created =
        'changes' in result
          ? result.changes.find((change) => change.object === 'created_page')
          : undefined;
      const page = created?.page;
      const id = typeof page === 'object' ? page.id : page;
      if (id !== undefined) navigate(`${base}/pages/${id}`);
    },
  });
  const rename = useMutation({
    mutationFn: async (newTitle: string) => {
      if (shown === undefined) return;
      await applyChanges([{ operation: 'update_page', page: shown, title: newTitle }]);
    },
    onSuccess: () => queries.invalidateQueries({ queryKey: ['change-request-pages', spaceId] }),
  });
  const changeTree = useMutation({
    mutationFn: async (changes: ContentChange[]) => {
      await flushPage.current();
      await applyChanges(changes);
    },
    onSuccess: () => queries.invalidateQueries({ queryKey: ['change-request-pages', spaceId] }),
  });
  const merge = useMutation({
    mutationFn: async () => {
      await flushPage.current();
      return api.POST('/spaces/{spaceId}/change-requests/{changeRequestId}/merge', {
        params: { path },
      });
    },
    onSuccess: async (result) => {
      if (result.result === 'conflicts') return;
      await queries.invalidateQueries();
      navigate(`/spaces/${spaceId}${shown === undefined ? '' : `/pages/${shown}`}`);
    },
  });
  const status = changeRequest.data?.status;
  return (
    <div className="workspace with-review">
      <nav className="sidebar" aria-label="Pages">
        <h2>
          Change request #{changeRequest.data?.number ?? changeRequestId}
          {status === undefined || status === 'open' ? '' : ` (${status})`}
        </h2>
        <PageTree
          pages={pages.data?.pages ?? []}
          current={shown}
          hrefOf={(id) => `${base}/pages/${id}`}
          peopleOn={(id) => room.state.peers.filter((peer) => peer.pageId === id)}
        />
        <button type="button" onClick={() => addPage.mutate()} disabled={addPage.isPending}>
          New page
        </button>
        <VariablesPanel
          heading="Space variables"
          spaceId={spaceId}
          changeRequestId={changeRequestId}
          variables={variables}
          editable={status === 'open'}
          change={(next) => ({ operation: 'update_variables', variables: next })}
        />
      </nav>
      <section className="page">
        <div className="page-actions">
          <button
            type="button"
            onClick={() => merge.mutate()}
            disabled={merge.isPending || status !== 'open'}
          >
            Merge
          </button>
          {merge.error === null ? null : <span role="alert">{errorMessage(merge.error)}</span>}
          {changeTree.error === null ? null : (
            <span role="alert">{errorMessage(changeTree.error)}</span>
          )}
        </div>
        <UnmetMergeRules rules={changeRequest.data?.unmetMergeRules ?? []} />
        <ChangeRequestDiff spaceId={spaceId} changeRequestId={changeRequestId} />
        {merge.data?.result === 'conflicts' ? (
          <ConflictPanel
            spaceId={spaceId}
            changeRequestId={changeRequestId}
            conflicts={merge.data.conflicts ?? []}
            onResolved={() => {
              merge.reset();
              void queries.invalidateQueries({ queryKey: ['change-request-page', spaceId] });
              void queries.invalidateQueries({ queryKey: ['change-request', spaceId] });
            }}
          />
        ) : null}
        {page.data === undefined || shown === undefined ? (
          <p className="muted">{shown === undefined ? 'No page yet: add one.' : 'Loading…'}</p>
        ) : (
          <article key={shown}>
            {/* Made again when the page is read again, so its fields show what was read; the
                content is the shared document's, which stays connected meanwhile. */}
            <Fragment key={page.dataUpdatedAt}>
              <PageActions
                pages={pages.data?.pages ?? []}
                pageId={shown}
                apply={(changes, then) => changeTree.mutate(changes, { onSuccess: then })}
                onDeleted={() => navigate(base)}
              />
              <PageTitle title={page.data.title} onRename={(newTitle) => rename.mutate(newTitle)} />
            </Fragment>
            {uploadFailure === undefined ? null : <p role="alert">{uploadFailure}</p>}
            {'document' in page.data && page.data.document !== undefined && me.data ? (
              <SharedPage
                name={`${spaceId}/${changeRequestId}/${shown}`}
                person={person}
                label={`Content of ${page.data.title || 'the page'}`}
                flush={flushPage}
                around={{
                  pages: linkable,
                  imageUrl,
                  uploadImage,
                  onUploadError: setUploadFailure,
                  reusableContent,
                  variables: expressionVariables,
                }}
              />
            ) : null}
            {'document' in page.data ? (
              <VariablesPanel
                heading="Page variables"
                spaceId={spaceId}
                changeRequestId={changeRequestId}
                variables={page.data.variables ?? {}}
                editable={status === 'open'}
                change={(next) => ({ operation: 'update_page', page: shown, variables: next })}
              />
            ) : null}
          </article>
        )}
      </section>
      <ReviewPanel spaceId={spaceId} changeRequestId={changeRequestId} />
    </div>
  );
}

type ContentChange = components['schemas']['ContentChange'];
type RevisionPage = components['schemas']['RevisionPage'];

/**
 * A page written together: everyone in it types into one shared document, sees the others'
 * cursors and names, and the server saves and writes revisions.
 */
function SharedPage({
  name,
  person,
  label,
  flush,
  around,
}: {
  name: string;
  person: { id: string; name: string };
  label: string;
  flush: { current: () => Promise<void> };
  /** What the editor shows of the content around the page; it waits for the images' URLs. */
  around: PageSurroundings;
}) {
  const { collaboration, state } = useCollaboration(name, person);
  flush.current = collaboration?.flush ?? (async () => {});
  return (
    <>
      <div className="page-status">
        <SaveStatus state={state} />
        <PeopleHere people={uniquePeople(state.peers)} />
      </div>
      {collaboration === undefined || !state.synced || around.imageUrl === undefined ? null : (
        <PageEditor label={label} shared={collaboration} editable={!state.readOnly} {...around} />
      )}
    </>
  );
}

/** The editor's props that come from the content around the page, passed through as they are. */
type PageSurroundings = Pick<
  ComponentProps<typeof PageEditor>,
  'pages' | 'uploadImage' | 'onUploadError' | 'reusableContent' | 'variables'
> & { imageUrl: ImageUrl | undefined };

/** A person once, however many tabs they have the page open in. */
function uniquePeople(peers: readonly Peer[]): Peer[] {
  const seen = new Map<string, Peer>();
  for (const peer of peers) seen.set(`${peer.name}:${peer.color}`, peer);
  return [...seen.values()];
}

function SaveStatus({ state }: { state: CollaborationState }) {
  if (state.refused !== undefined) {
    return (
      <span role="alert" className="save-status error">
        You can't edit this page now: {state.refused}
      </span>
    );
  }
  if (state.connection === 'offline') {
    return (
      <span role="status" className="save-status offline" data-state="offline">
        Offline: what you type is kept here and saved when the connection is back
      </span>
    );
  }
  const [key, text] = !state.synced
    ? ['connecting', 'Connecting…']
    : state.readOnly
      ? ['read-only', 'Read only']
      : state.saved
        ? ['saved', 'Saved']
        : ['saving', 'Saving…'];
  return (
    <output className="save-status" aria-live="polite" data-state={key}>
      {text}
    </output>
  );
}

/** A page's title, renamed when the field is left. */
function PageTitle({ title, onRename }: { title: string; onRename: (title: string) => void }) {
  const [value, setValue] = useState(title);
  return (
    <input
      className="page-title"
      aria-label="Page title"
      value={value}
      onChange={(event) => setValue(event.target.value)}
      onBlur={() => {
        if (value.trim() !== '' && value !== title) onRename(value.trim());
      }}
    />
  );
}

/** The space's merge rules this change request does not pass yet, each saying what is missing. */
function UnmetMergeRules({ rules }: { rules: readonly { rule: string; message: string }[] }) {
  if (rules.length === 0) return null;
  return (
    <section className="unmet-merge-rules" aria-labelledby="unmet-merge-rules">
      <h3 id="unmet-merge-rules">Before it can merge</h3>
      <ul>
        {rules.map(({ rule, message }) => (
          <li key={rule}>{message}</li>
        ))}
      </ul>
    </section>
  );
}

/** The document pages of a tree, depth first: what `@` links to. */
function documentPages(tree: readonly RevisionPage[]): LinkablePage[] {
  return tree.flatMap((page) => [
    ...(page.type === 'document' ? [{ id: page.id, title: page.title }] : []),
    ...documentPages(page.pages ?? []),
  ]);
}
