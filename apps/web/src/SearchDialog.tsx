import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { api } from './api.js';

/**
 * Search across what the person may read (Ctrl-K or Cmd-K anywhere): the organization's spaces,
 * their matching pages, each a link to its page.
 */
export function SearchDialog({ organizationId }: { organizationId: string | undefined }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  useEffect(() => {
    const open = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() === 'k' && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        dialog.current?.showModal();
      }
    };
    window.addEventListener('keydown', open);
    return () => window.removeEventListener('keydown', open);
  }, []);
  // Asks once the writer pauses, not on every key.
  useEffect(() => {
    const timer = setTimeout(() => setQuery(text.trim()), 200);
    return () => clearTimeout(timer);
  }, [text]);
  const results = useQuery({
    queryKey: ['search', organizationId, query],
    enabled: organizationId !== undefined && query !== '',
    queryFn: () =>
      api.GET('/orgs/{organizationId}/search', {
        params: { path: { organizationId: organizationId ?? '' }, query: { query } },
      }),
  });
  const close = () => dialog.current?.close();
  return (
    <>
      <button type="button" onClick={() => dialog.current?.showModal()}>
        Search <kbd>Ctrl K</kbd>
      </button>
      <dialog ref={dialog} className="search" aria-label="Search">
        <form method="dialog" className="search-form">
          <label htmlFor="search-query">Search</label>
          <input
            id="search-query"
            type="search"
            value={text}
            autoComplete="off"
            onChange={(event) => setText(event.target.value)}
          />
          <button type="submit">Close</button>
        </form>
        <ul className="search-results">
          {results.data?.items.flatMap((space) =>
            space.pages.map((page) => (
              <li key={`${space.id}:${page.id}`}>
                <Link href={appPath(page.urls.app)} onClick={close}>
                  {page.title}
                </Link>{' '}
                <span className="muted">{space.title}</span>
              </li>
            )),
          )}
          {query !== '' && results.data?.items.length === 0 ? <li>Nothing found.</li> : null}
        </ul>
      </dialog>
    </>
  );
}

/** An app URL the API answered, as a path of the app's router. */
function appPath(url: string): string {
  const { pathname, hash } = new URL(url);
  return `${pathname.replace(/^\/app/, '')}${hash}`;
}
