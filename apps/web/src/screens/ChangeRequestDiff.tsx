import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { api, errorMessage } from '../api.js';

const changeNames = { created: 'created', edited: 'edited', moved: 'moved', deleted: 'deleted' };

/**
 * What a change request changed, page by page, as the API's Markdown diff: opened on demand
 * (a diff of many pages is not read until someone asks), added and removed lines marked as
 * such for assistive technology as well as by colour.
 *
 * A button opens it, not a `<details>`: Chromium keeps a closed `<details>`'s content "hidden
 * until found", and while any such content is in the document, every node it walks to measure
 * the text before the caret (on each keystroke, for input methods) has its ancestors checked
 * too. Beside a long page, a closed diff made typing cost half as much again.
 */
export function ChangeRequestDiff({
  spaceId,
  changeRequestId,
}: {
  spaceId: string;
  changeRequestId: string;
}) {
  const [open, setOpen] = useState(false);
  const body = useId();
  const diff = useQuery({
    queryKey: ['change-request-diff', spaceId, changeRequestId],
    enabled: open,
    queryFn: () =>
      api.GET('/spaces/{spaceId}/change-requests/{changeRequestId}/diff', {
        params: { path: { spaceId, changeRequestId } },
      }),
  });
  return (
    <div className="diff">
      <button
        type="button"
        className="disclosure"
        aria-expanded={open}
        aria-controls={open ? body : undefined}
        onClick={() => setOpen(!open)}
      >
        Changes
      </button>
      {open ? (
        <div id={body}>
          {diff.error === null ? null : <p role="alert">{errorMessage(diff.error)}</p>}
          {diff.data?.items.length === 0 ? <p>No page has changed yet.</p> : null}
          {diff.data?.items.map(({ page, change, patch }) => (
            <section
              key={page.id}
              aria-label={`${page.title || page.path}, ${changeNames[change]}`}
            >
              <h3>
                {page.title || page.path} <span className="muted">({changeNames[change]})</span>
              </h3>
              {patch === '' ? (
                <p className="muted">Its text did not change.</p>
              ) : (
                <pre className="patch">
                  {patchLines(patch).map((line, index) => (
                    // Lines of one patch never move: their position is who they are.
                    // biome-ignore lint/suspicious/noArrayIndexKey: see above
                    <PatchLine key={index} line={line} />
                  ))}
                </pre>
              )}
            </section>
          ))}
        </div>
      ) : null}
    </div>
  );
}

/** A unified diff's lines, without its `---`/`+++` file header. */
function patchLines(patch: string): string[] {
  return patch
    .replace(/\n$/, '')
    .split('\n')
    .filter((line) => !line.startsWith('--- ') && !line.startsWith('+++ '));
}

function PatchLine({ line }: { line: string }) {
  if (line.startsWith('+')) return <ins className="added">{`${line}\n`}</ins>;
  if (line.startsWith('-')) return <del className="removed">{`${line}\n`}</del>;
  if (line.startsWith('@@')) return <span className="hunk">{`${line}\n`}</span>;
  return <span>{`${line}\n`}</span>;
}
