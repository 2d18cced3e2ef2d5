import type { HeadFollowers } from '../content/head-moves.js';
import { changeRequestLinkIndexer } from './index-change-request-links.js';
import { type ContentIndexOptions, spaceHeadIndexer } from './index-space-head.js';

/**
 * The search and link indexes as followers of every head: a space's head indexes its pages for
 * search and its links; a change request's head, the links of the pages it changed.
 * @example const headFollowers = contentIndexFollowers({ dialect, appOrigin: config.publicUrl });
 */
export function contentIndexFollowers(options: ContentIndexOptions): HeadFollowers {
  return {
    spaceHeadMoved: spaceHeadIndexer(options),
    changeRequestHeadMoved: changeRequestLinkIndexer(options.appOrigin),
  };
}
