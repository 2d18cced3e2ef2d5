/**
 * What a collaborative document is: a page of a change request, or of a space edited live. Its
 * name is `{spaceId}/{changeRequestId}/{pageId}`, or `{spaceId}/live/{pageId}`.
 */
export interface CollabTarget {
  spaceId: string;
  /** `null`: the space itself, in live mode. */
  changeRequestId: string | null;
  pageId: string;
}

const idPattern = /^[A-Za-z0-9_-]{1,64}$/;

/** The target a document name names, or `undefined` when it names none. */
export function parseDocumentName(name: string): CollabTarget | undefined {
  const parts = name.split('/');
  if (parts.length !== 3 || !parts.every((part) => idPattern.test(part))) return undefined;
  const [spaceId, changeRequestId, pageId] = parts as [string, string, string];
  return { spaceId, changeRequestId: changeRequestId === 'live' ? null : changeRequestId, pageId };
}

/** The name of a target's document. */
export function documentNameOf(target: CollabTarget): string {
  return `${target.spaceId}/${target.changeRequestId ?? 'live'}/${target.pageId}`;
}
