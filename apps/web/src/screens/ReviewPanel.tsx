import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { api, errorMessage, signedInUser } from '../api.js';
import { CommentThread } from './CommentThread.js';
import { RequestedReviewers } from './RequestedReviewers.js';

/** A change request's conversation: its comment threads, a new comment, and reviews. */
export function ReviewPanel({
  spaceId,
  changeRequestId,
}: {
  spaceId: string;
  changeRequestId: string;
}) {
  const path = { spaceId, changeRequestId };
  const queries = useQueryClient();
  const [draft, setDraft] = useState('');
  const me = useQuery(signedInUser);
  const comments = useQuery({
    queryKey: ['change-request-comments', spaceId, changeRequestId],
    queryFn: () =>
      api.GET('/spaces/{spaceId}/change-requests/{changeRequestId}/comments', {
        params: { path, query: { format: 'markdown' } },
      }),
  });
  useLinkedComment(comments.data?.items.length);
  const reviews = useQuery({
    queryKey: ['change-request-reviews', spaceId, changeRequestId],
    queryFn: () =>
      api.GET('/spaces/{spaceId}/change-requests/{changeRequestId}/reviews', {
        params: { path },
      }),
  });
  const refresh = () =>
    Promise.all([
      queries.invalidateQueries({ queryKey: ['change-request-comments', spaceId] }),
      queries.invalidateQueries({ queryKey: ['change-request-reviews', spaceId] }),
      queries.invalidateQueries({ queryKey: ['change-request', spaceId] }),
    ]);
  const post = useMutation({
    mutationFn: (markdown: string) =>
      api.POST('/spaces/{spaceId}/change-requests/{changeRequestId}/comments', {
        params: { path },
        body: { body: { markdown } },
      }),
    onSuccess: async () => {
      setDraft('');
      await refresh();
    },
  });
  const review = useMutation({
    mutationFn: (status: 'approved' | 'changes-requested') =>
      api.POST('/spaces/{spaceId}/change-requests/{changeRequestId}/reviews', {
        params: { path },
        body: { status },
      }),
    onSuccess: refresh,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (draft.trim() !== '') post.mutate(draft.trim());
  };
  const failure = post.error ?? review.error;
  return (
    <aside className="review" aria-label="Review">
      <h2>Review</h2>
      <ul className="reviews">
        {reviews.data?.items.map((item) => (
          <li key={item.id}>
            {item.reviewer.displayName}:{' '}
            {item.status === 'approved' ? 'approved' : 'asked for changes'}
            {item.outdated ? ' (before later changes)' : ''}
          </li>
        ))}
      </ul>
      <div className="review-actions">
        <button type="button" onClick={() => review.mutate('approved')}>
          Approve
        </button>
        <button type="button" onClick={() => review.mutate('changes-requested')}>
          Ask for changes
        </button>
      </div>
      <RequestedReviewers spaceId={spaceId} changeRequestId={changeRequestId} />
      <h3>Comments</h3>
      <ul className="comments">
        {comments.data?.items.map((comment) => (
          <CommentThread
            key={comment.id}
            spaceId={spaceId}
            changeRequestId={changeRequestId}
            comment={comment}
            myUserId={me.data?.id ?? ''}
            onChanged={refresh}
          />
        ))}
      </ul>
      <form onSubmit={submit}>
        <label htmlFor="new-comment">Comment</label>
        <textarea
          id="new-comment"
          value={draft}
          rows={3}
          onChange={(event) => setDraft(event.target.value)}
        />
        <button type="submit" disabled={post.isPending}>
          Post comment
        </button>
      </form>
      {failure === null ? null : <p role="alert">{errorMessage(failure)}</p>}
    </aside>
  );
}

/**
 * A link to a comment (`…#comment-{id}`) opens its change request with the comment in view and
 * focused, once the comments have loaded: the browser looked for it before they had.
 */
function useLinkedComment(loaded: number | undefined) {
  const shown = useRef<string | undefined>(undefined);
  useEffect(() => {
    const { hash } = window.location;
    if (loaded === undefined || !hash.startsWith('#comment-') || shown.current === hash) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (target === null) return;
    shown.current = hash;
    target.tabIndex = -1;
    target.scrollIntoView({ block: 'center' });
    target.focus({ preventScroll: true });
  }, [loaded]);
}
