import type { components } from '@quire/contract';
import { placeOf } from '../page-tree.js';

type RevisionPage = components['schemas']['RevisionPage'];
type ContentChange = components['schemas']['ContentChange'];

/**
 * What can be done to the page being written, by keyboard as by mouse: move it among its
 * siblings or in under the one before it, give it an emoji, hide it from the site, delete it.
 */
export function PageActions({
  pages,
  pageId,
  apply,
  onDeleted,
}: {
  pages: readonly RevisionPage[];
  pageId: string;
  /** Applies the changes, then calls `then` once they are applied. */
  apply: (changes: ContentChange[], then?: () => void) => void;
  onDeleted: () => void;
}) {
  const place = placeOf(pages, pageId);
  if (place === undefined) return null;
  const { siblings } = place;
  const previous = siblings[place.index - 1];
  const move = (into: string | null, at: number) =>
    apply([{ operation: 'update_page', page: pageId, into, at }]);
  const hidden = 'hidden' in place.page && place.page.hidden;
  const emoji = 'emoji' in place.page ? (place.page.emoji ?? '') : '';
  return (
    <div className="page-tools" role="toolbar" aria-label="Page">
      <button
        type="button"
        disabled={place.index === 0}
        onClick={() => move(place.parent, place.index - 1)}
      >
        Move up
      </button>
      <button
        type="button"
        disabled={place.index >= siblings.length - 1}
        onClick={() => move(place.parent, place.index + 1)}
      >
        Move down
      </button>
      <button
        type="button"
        disabled={previous === undefined || previous.type === 'link'}
        onClick={() =>
          previous !== undefined &&
          move(previous.id, 'pages' in previous ? previous.pages.length : 0)
        }
      >
        Nest under previous
      </button>
      <label>
        Emoji{' '}
        <input
          className="emoji"
          defaultValue={emoji}
          maxLength={8}
          onBlur={(event) => {
            const value = event.target.value.trim();
            if (value !== emoji && value !== '') {
              apply([{ operation: 'update_page', page: pageId, emoji: value }]);
            }
          }}
        />
      </label>
      <button
        type="button"
        onClick={() => apply([{ operation: 'update_page', page: pageId, hidden: !hidden }])}
      >
        {hidden ? 'Show on the site' : 'Hide from the site'}
      </button>
      <button
        type="button"
        onClick={() => {
          // The page is left once it is gone: leaving first would close it before what was typed
          // in it is written, and a refused delete would leave it unseen.
          apply([{ operation: 'delete_page', page: pageId }], onDeleted);
        }}
      >
        Delete page
      </button>
    </div>
  );
}
