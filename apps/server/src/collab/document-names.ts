/**
 * What a collaborative document is: a page of a change request, or of a space edited live. Its
 * name is `{spaceId}/{changeRequestId}/{pageId}`, or `{spaceId}/live/{pageId}`. Without a page
 * (`{spaceId}/{changeRequestId}`, `{spaceId}/live`) it is the room of the whole change request
 * or space: no content, only who is there and on which page, for the page tree.
 */
export interface CollabTarget {
  spaceId: string;
  /** `null`: the space itself, in live mode. */
  changeRequestId: string | null;
  /** `null`: the room, not a page. */
  pageId: string | null;
}

/** A target that is a page (not a room). */
export type CollabPage = CollabTarget & { pageId: string };

/** Whether a target is a page rather than a room. */
export function isPage(target: CollabTarget): target is CollabPage {
  return target.pageId !== null;
}

const idPattern = /^[A-Za-z0-9_-]{1,64}$/;

/** The target a document name names, or `undefined` when it names none. */
export function parseDocumentName(name: string): CollabTarget | undefined {
  const parts = name.split('/');
  if (parts.length < 2 || parts.length > 3 || !parts.every((part) => idPattern.test(part))) {
    return undefined;
  }
  const [spaceId, changeRequestId, pageId] = parts as [string, string, string | undefined];
  return {
    spaceId,
    changeRequestId: changeRequestId === 'live' ? null : changeRequestId,
    pageId: pageId ?? null,
  };
}
