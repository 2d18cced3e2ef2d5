import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, errorMessage } from '../api.js';

/** The person's own settings: where they are signed in, and their API tokens. */
export function SettingsScreen() {
  const queries = useQueryClient();
  const sessions = useQuery({
    queryKey: ['sessions'],
    queryFn: () => api.GET('/user/sessions'),
  });
  const tokens = useQuery({ queryKey: ['tokens'], queryFn: () => api.GET('/user/tokens') });
  const endSession = useMutation({
    mutationFn: (sessionId: string) =>
      api.DELETE('/user/sessions/{sessionId}', { params: { path: { sessionId } } }),
    onSuccess: () => queries.invalidateQueries({ queryKey: ['sessions'] }),
  });
  const createToken = useMutation({
    mutationFn: () => api.POST('/user/tokens'),
    onSuccess: () => queries.invalidateQueries({ queryKey: ['tokens'] }),
  });
  const revokeToken = useMutation({
    mutationFn: (tokenId: string) =>
      api.DELETE('/user/tokens/{tokenId}', { params: { path: { tokenId } } }),
    onSuccess: () => queries.invalidateQueries({ queryKey: ['tokens'] }),
  });
  const failure = endSession.error ?? createToken.error ?? revokeToken.error;
  return (
    <section className="screen">
      <h1>Settings</h1>
      <h2>Where you are signed in</h2>
      <ul className="cards">
        {sessions.data?.items.map((session) => (
          <li key={session.id}>
            Since {new Date(session.createdAt).toLocaleString()} ({session.method})
            {session.current ? (
              <strong> this browser</strong>
            ) : (
              <button type="button" onClick={() => endSession.mutate(session.id)}>
                Sign out there
              </button>
            )}
          </li>
        ))}
      </ul>
      <h2>API tokens</h2>
      <p className="muted">For programs: send one as "Authorization: Bearer &lt;token&gt;".</p>
      <button type="button" onClick={() => createToken.mutate()}>
        Create a token
      </button>
      {createToken.data === undefined ? null : (
        <p role="status">
          Your new token, shown this once: <code>{createToken.data.token}</code>
        </p>
      )}
      <ul className="cards">
        {tokens.data?.items.map((token) => (
          <li key={token.id}>
            Made {new Date(token.createdAt).toLocaleString()}{' '}
            <button type="button" onClick={() => revokeToken.mutate(token.id)}>
              Revoke
            </button>
          </li>
        ))}
      </ul>
      {failure === null ? null : <p role="alert">{errorMessage(failure)}</p>}
    </section>
  );
}
