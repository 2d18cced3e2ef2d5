import { type Document, plainText } from '@quire/document';
import { shorten } from '../../errors.js';
import type { EventAction } from '../../model/event-actions.js';
import type { CommentThread } from '../../store/comments.js';
import type { SpaceRecord } from '../../store/spaces.js';
import type { DomainEvent } from '../events/record-event.js';

/** The event of a change to a comment (or, with `replyId`, to a reply), labelled by its text. */
export function commentEvent(
  action: EventAction,
  space: Pick<SpaceRecord, 'organizationId'>,
  thread: CommentThread,
  subject: { id: string; body: Document; commentId?: string },
  payload: Record<string, unknown> = {},
): DomainEvent {
  const text = plainText(subject.body).replace(/\s+/g, ' ').trim();
  return {
    action,
    organizationId: space.organizationId,
    target: {
      type: subject.commentId === undefined ? 'comment' : 'comment-reply',
      id: subject.id,
      label: shorten(text, 60),
    },
    payload: {
      space: thread.spaceId,
      ...(thread.changeRequestId === null ? {} : { changeRequest: thread.changeRequestId }),
      ...(subject.commentId === undefined ? {} : { comment: subject.commentId }),
      ...payload,
    },
  };
}
