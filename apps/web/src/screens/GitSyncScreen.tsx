import { QuireApiError } from '@quire/client';
import type { components } from '@quire/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link } from 'wouter';
import { api, errorMessage } from '../api.js';

type GitConnection = components['schemas']['GitConnection'];
type InitialSync = GitConnection['initialSync'];

const emptyConnection = { url: '', branch: 'main', directory: '', token: '' };

/**
 * A space's Git sync: the repository and branch it is kept in step with and how the latest sync
 * went, connecting one (the first sync importing or exporting), and disconnecting.
 */
export function GitSyncScreen({ spaceId }: { spaceId: string }) {
  const path = { spaceId };
  const queries = useQueryClient();
  const [draft, setDraft] = useState(emptyConnection);
  const [initialSync, setInitialSync] = useState<InitialSync>('import');
  const space = useQuery({
    queryKey: ['space', spaceId],
    queryFn: () => api.GET('/spaces/{spaceId}', { params: { path } }),
  });
  // 404 is how the API says the space is not connected.
  const connection = useQuery({
    queryKey: ['git-connection', spaceId],
    retry: false,
    queryFn: async () => {
      try {
        return await api.GET('/spaces/{spaceId}/git/connection', { params: { path } });
      } catch (error) {
        if (error instanceof QuireApiError && error.status === 404) return null;
        throw error;
      }
    },
    // While a sync is queued or running, its outcome is asked for again.
    refetchInterval: (query) => {
      const state = query.state.data?.operation?.state;
      return state === 'queued' || state === 'running' ? 2000 : false;
    },
  });
  const refresh = () => queries.invalidateQueries({ queryKey: ['git-connection', spaceId] });
  const connect = useMutation({
    mutationFn: () =>
      api.PUT('/spaces/{spaceId}/git/connection', {
        params: { path },
        body: {
          url: draft.url.trim(),
          branch: draft.branch.trim(),
          directory: draft.directory.trim(),
          initialSync,
          ...(draft.token === '' ? {} : { credentials: { password: draft.token } }),
        },
      }),
    onSuccess: () => setDraft(emptyConnection),
    onSettled: refresh,
  });
  const disconnect = useMutation({
    mutationFn: () => api.DELETE('/spaces/{spaceId}/git/connection', { params: { path } }),
    onSuccess: () => connect.reset(),
    onSettled: refresh,
  });
  const field = (name: keyof typeof emptyConnection) => (event: { target: { value: string } }) =>
    setDraft({ ...draft, [name]: event.target.value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    connect.mutate();
  };
  const failure = connection.error ?? connect.error ?? disconnect.error;
  return (
    <section className="screen">
      <p>
        <Link href={`/spaces/${spaceId}`}>← {space.data?.title ?? 'Space'}</Link>
      </p>
      <h1>Git sync</h1>
      {connection.data ? (
        <>
          <ConnectionFacts spaceId={spaceId} connection={connection.data} />
          {connect.data?.webhookSecret === undefined ? null : (
            <p role="status">
              The secret your Git host signs push webhooks with, shown this once:{' '}
              <code>{connect.data.webhookSecret}</code>
            </p>
          )}
          <button type="button" disabled={disconnect.isPending} onClick={() => disconnect.mutate()}>
            Disconnect
          </button>
        </>
      ) : connection.data === null ? (
        <>
          <p className="muted">
            Keep this space in step with a branch of a Git repository: every merge is pushed as a
            commit, and every push comes back into the space.
          </p>
          <form className="stacked-form" onSubmit={submit}>
            <label htmlFor="git-url">Repository URL</label>
            <input id="git-url" type="url" required value={draft.url} onChange={field('url')} />
            <label htmlFor="git-branch">Branch</label>
            <input id="git-branch" required value={draft.branch} onChange={field('branch')} />
            <label htmlFor="git-directory">Folder (empty for the repository's root)</label>
            <input id="git-directory" value={draft.directory} onChange={field('directory')} />
            <label htmlFor="git-token">Access token (for a private repository)</label>
            <input
              id="git-token"
              type="password"
              autoComplete="off"
              value={draft.token}
              onChange={field('token')}
            />
            <fieldset>
              <legend>First sync</legend>
              <label>
                <input
                  type="radio"
                  name="initial-sync"
                  checked={initialSync === 'import'}
                  onChange={() => setInitialSync('import')}
                />{' '}
                The repository's content replaces the space's
              </label>
              <label>
                <input
                  type="radio"
                  name="initial-sync"
                  checked={initialSync === 'export'}
                  onChange={() => setInitialSync('export')}
                />{' '}
                The space's content is pushed to the branch
              </label>
            </fieldset>
            <button type="submit" disabled={connect.isPending}>
              Connect
            </button>
          </form>
        </>
      ) : (
        <p className="loading">Loading…</p>
      )}
      {failure === null ? null : <p role="alert">{errorMessage(failure)}</p>}
    </section>
  );
}

/** Where a connected space syncs to, and how its latest sync went. */
function ConnectionFacts({ spaceId, connection }: { spaceId: string; connection: GitConnection }) {
  const operation = connection.operation;
  return (
    <dl className="facts">
      <dt>Repository</dt>
      <dd>
        <code>{connection.url}</code>
      </dd>
      <dt>Branch</dt>
      <dd>
        <code>{connection.branch}</code>
        {connection.directory === '' ? null : (
          <>
            {' in '}
            <code>{connection.directory}/</code>
          </>
        )}
      </dd>
      <dt>Latest sync</dt>
      <dd>
        {operation === undefined
          ? 'None yet'
          : `${operation.direction === 'import' ? 'Import' : 'Export'}: ${operation.state}`}
        {operation?.error === undefined ? null : `, ${operation.error}`}
        {operation?.changeRequest === undefined ? null : (
          <>
            {' — '}
            <Link href={`/spaces/${spaceId}/change-requests/${operation.changeRequest}`}>
              left in a change request
            </Link>
          </>
        )}
      </dd>
      {connection.commit === undefined ? null : (
        <>
          <dt>Agreed commit</dt>
          <dd>
            <code>{connection.commit.slice(0, 12)}</code>
          </dd>
        </>
      )}
      <dt>Push webhook URL</dt>
      <dd>
        <code>{connection.webhookUrl}</code>
      </dd>
      <dt>Polls the branch</dt>
      <dd>
        {connection.pollInterval === 0 ? 'never' : `every ${connection.pollInterval} seconds`}
      </dd>
    </dl>
  );
}
