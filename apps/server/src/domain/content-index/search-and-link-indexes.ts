import type { HeadMoveListener } from '../content/head-moves.js';
import { changeRequestLinkIndexer } from './index-change-request-links.js';
import { type ContentIndexOptions, spaceHeadIndexer } from './index-space-head.js';

/**
 * The search and link indexes as listeners of every head: a space's head indexes its pages for
 * search and its links; a change request's head, the links of the pages it changed.
 * @example listenToHeadMoves([searchAndLinkIndexes({ dialect, appOrigin: config.publicUrl })]);
 */
export function searchAndLinkIndexes(options: ContentIndexOptions): HeadMoveListener {
  return {
    name: 'the search and link indexes',
    spaceHeadMoved: spaceHeadIndexer(options),
    changeRequestHeadMoved: changeRequestLinkIndexer(options.appOrigin),
  };
}
