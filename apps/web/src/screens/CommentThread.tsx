import type { components } from '@quire/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { api, errorMessage } from '../api.js';

type Comment = components['schemas']['Comment'];
type CommentReactions = components['schemas']['CommentReactions'];

const thumbsUp = '👍';

/**
 * One comment of a change request with its thread: its replies, a reply, a 👍, resolving or
 * reopening it, and deleting it; each offered only as the comment's permissions allow.
 */
export function CommentThread({
  spaceId,
  changeRequestId,
  comment,
  myUserId,
  onChanged,
}: {
  spaceId: string;
  changeRequestId: string;
  comment: Comment;
  myUserId: string;
  onChanged: () => Promise<unknown>;
}) {
  const path = { spaceId, changeRequestId, commentId: comment.id };
  const [draft, setDraft] = useState('');
  const replies = useQuery({
    // A new reply changes the comment's count, and with it this key: the thread is read again.
    queryKey: ['comment-replies', spaceId, changeRequestId, comment.id, comment.replies],
    enabled: comment.replies > 0,
    queryFn: () =>
      api.GET('/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}/replies', {
        params: { path, query: { format: 'markdown', limit: 100 } },
      }),
  });
  const update = useMutation({
    mutationFn: (body: components['schemas']['CommentUpdateInput']) =>
      api.PUT('/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}', {
        params: { path },
        body,
      }),
    onSuccess: onChanged,
  });
  const reply = useMutation({
    mutationFn: (markdown: string) =>
      api.POST('/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}/replies', {
        params: { path },
        body: { body: { markdown } },
      }),
    onSuccess: async () => {
      setDraft('');
      await onChanged();
    },
  });
  const remove = useMutation({
    mutationFn: () =>
      api.DELETE('/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}', {
        params: { path },
      }),
    onSuccess: onChanged,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (draft.trim() !== '') reply.mutate(draft.trim());
  };
  const { permissions } = comment;
  const resolved = comment.status === 'resolved';
  const reacted = hasReacted(comment.reactions, myUserId);
  const thumbs = comment.reactions.find((reaction) => reaction.emoji === thumbsUp)?.count ?? 0;
  const failure = update.error ?? reply.error ?? remove.error;
  const author = comment.postedBy.displayName;
  return (
    <li id={`comment-${comment.id}`} className={resolved ? 'comment resolved' : 'comment'}>
      <strong>{author}</strong>
      {resolved ? <span className="muted"> (resolved)</span> : null}
      <p>{'markdown' in comment.body ? comment.body.markdown : ''}</p>
      <div className="comment-actions">
        <a href={`#comment-${comment.id}`}>Link to this comment</a>
        {permissions.reply ? (
          <>
            <button
              type="button"
              aria-pressed={reacted}
              onClick={() =>
                update.mutate(
                  reacted ? { removedReactions: [thumbsUp] } : { addedReactions: [thumbsUp] },
                )
              }
            >
              {thumbsUp} {thumbs}
            </button>
            <button type="button" onClick={() => update.mutate({ resolved: !resolved })}>
              {resolved ? 'Reopen' : 'Resolve'}
            </button>
          </>
        ) : null}
        {permissions.delete ? (
          <button type="button" onClick={() => remove.mutate()}>
            Delete
          </button>
        ) : null}
      </div>
      {comment.replies > 0 ? (
        <ul className="replies" aria-label={`Replies to ${author}`}>
          {replies.data?.items.map((item) => (
            <li key={item.id}>
              <strong>{item.postedBy.displayName}</strong>
              <p>{'markdown' in item.body ? item.body.markdown : ''}</p>
            </li>
          ))}
        </ul>
      ) : null}
      {permissions.reply && !resolved ? (
        <form onSubmit={submit} className="reply-form">
          <label htmlFor={`reply-${comment.id}`}>Reply to {author}</label>
          <textarea
            id={`reply-${comment.id}`}
            value={draft}
            rows={2}
            onChange={(event) => setDraft(event.target.value)}
          />
          <button type="submit" disabled={reply.isPending}>
            Reply
          </button>
        </form>
      ) : null}
      {failure === null ? null : <p role="alert">{errorMessage(failure)}</p>}
    </li>
  );
}

function hasReacted(reactions: CommentReactions, userId: string): boolean {
  return reactions.some(
    (reaction) =>
      reaction.emoji === thumbsUp && reaction.users.some((entry) => entry.user.id === userId),
  );
}
