import type { Kysely } from 'kysely';
import type { Database } from '../../store/schema.js';
import type { SpaceRecord } from '../../store/spaces.js';
import type { Actor } from '../actor.js';
import { createChangeRequest } from '../change-requests/create-change-request.js';
import { mergeChangeRequest } from '../change-requests/merge-change-request.js';
import type { MergeServices } from '../change-requests/run-merge.js';
import { applyContentChanges } from '../content/apply-content-changes.js';
import type { ContentWriteServices } from '../content/prepare-changes.js';
import { createSpace } from '../spaces/create-space.js';

/** What writing sample content needs: the content write services and the merge services. */
export interface SampleContentServices {
  writes: ContentWriteServices;
  merges: MergeServices;
}

const welcome = `Welcome to your new docs site. This page is sample content: edit it, or replace it
with your own pages through a change request.

## Next steps

- Add pages to this space.
- Publish the site when it is ready for readers.
`;

/**
 * Makes a space with a first page for a new site, the way an editor would: a change request
 * inserting the page, merged. Each step records its own event.
 */
export async function createSampleSpace(
  db: Kysely<Database>,
  actor: Actor,
  organizationId: string,
  title: string,
  services: SampleContentServices,
  now: Date,
): Promise<SpaceRecord> {
  const space = await createSpace(db, actor, organizationId, { title }, now);
  const changeRequest = await createChangeRequest(
    db,
    actor,
    space,
    { subject: 'Sample content' },
    now,
  );
  await applyContentChanges(
    db,
    actor,
    changeRequest,
    [{ operation: 'insert_page', title: 'Welcome', document: { markdown: welcome } }],
    services.writes,
    now,
  );
  await mergeChangeRequest(db, actor, space.id, changeRequest.id, services.merges, now);
  return space;
}
