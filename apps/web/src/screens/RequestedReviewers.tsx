import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { api, errorMessage } from '../api.js';

/**
 * Who is asked to review a change request: each with a way to withdraw the request, and a choice
 * of the organization's members to ask (the API refuses the author and people who may not comment,
 * and says so).
 */
export function RequestedReviewers({
  spaceId,
  changeRequestId,
}: {
  spaceId: string;
  changeRequestId: string;
}) {
  const path = { spaceId, changeRequestId };
  const queries = useQueryClient();
  const [chosen, setChosen] = useState('');
  const requested = useQuery({
    queryKey: ['requested-reviewers', spaceId, changeRequestId],
    queryFn: () =>
      api.GET('/spaces/{spaceId}/change-requests/{changeRequestId}/requested-reviewers', {
        params: { path, query: { limit: 100 } },
      }),
  });
  const space = useQuery({
    queryKey: ['space', spaceId],
    queryFn: () => api.GET('/spaces/{spaceId}', { params: { path: { spaceId } } }),
  });
  const organizationId = space.data?.organization;
  const members = useQuery({
    queryKey: ['members', organizationId],
    enabled: organizationId !== undefined,
    queryFn: () =>
      api.GET('/orgs/{organizationId}/members', {
        params: { path: { organizationId: organizationId ?? '' }, query: { limit: 100 } },
      }),
  });
  const refresh = () =>
    queries.invalidateQueries({ queryKey: ['requested-reviewers', spaceId, changeRequestId] });
  const ask = useMutation({
    mutationFn: (userId: string) =>
      api.POST('/spaces/{spaceId}/change-requests/{changeRequestId}/requested-reviewers', {
        params: { path },
        body: { users: [userId] },
      }),
    onSuccess: async () => {
      setChosen('');
      await refresh();
    },
  });
  const withdraw = useMutation({
    mutationFn: (userId: string) =>
      api.DELETE(
        '/spaces/{spaceId}/change-requests/{changeRequestId}/requested-reviewers/{userId}',
        { params: { path: { ...path, userId } } },
      ),
    onSuccess: refresh,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (chosen !== '') ask.mutate(chosen);
  };
  const asked = new Set(requested.data?.items.map((item) => item.user.id));
  const failure = ask.error ?? withdraw.error;
  return (
    <section aria-labelledby="requested-reviewers">
      <h3 id="requested-reviewers">Reviewers asked</h3>
      <ul className="requested-reviewers">
        {requested.data?.items.map((item) => (
          <li key={item.user.id}>
            {item.user.displayName}{' '}
            <button
              type="button"
              aria-label={`Remove ${item.user.displayName}`}
              onClick={() => withdraw.mutate(item.user.id)}
            >
              Remove
            </button>
          </li>
        ))}
      </ul>
      <form onSubmit={submit}>
        <label htmlFor="ask-reviewer">Ask for a review from</label>{' '}
        <select
          id="ask-reviewer"
          value={chosen}
          onChange={(event) => setChosen(event.target.value)}
        >
          <option value="">Choose a member</option>
          {members.data?.items
            .filter((member) => !asked.has(member.user.id))
            .map((member) => (
              <option key={member.user.id} value={member.user.id}>
                {member.user.displayName}
              </option>
            ))}
        </select>{' '}
        <button type="submit" disabled={chosen === '' || ask.isPending}>
          Ask
        </button>
      </form>
      {failure === null ? null : <p role="alert">{errorMessage(failure)}</p>}
    </section>
  );
}
