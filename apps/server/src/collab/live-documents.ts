import type { Document } from '@hocuspocus/server';
import type { CollabPage } from './document-names.js';

/** A document this process holds open, with what it still owes the database. */
export interface LiveDocument {
  name: string;
  target: CollabPage;
  document: Document;
  /** Updates appended to the database and held here, not yet folded into its stored state. */
  unfolded: Set<number>;
  /** The people (user ids) whose typing is not in a revision yet, in the order they typed. */
  typists: Set<string>;
  /** Appends, one after another, so an update is told saved only after those before it. */
  appends: Promise<void>;
  /** Revision writes and merges of other routes' revisions, one after another. */
  work: Promise<void>;
}

/** Runs `task` after what `chain` already holds; a failure does not stop what comes after. */
export function enqueue(
  live: LiveDocument,
  chain: 'appends' | 'work',
  task: () => Promise<void>,
): Promise<void> {
  const next = live[chain].then(task);
  live[chain] = next.catch(() => {});
  return next;
}
