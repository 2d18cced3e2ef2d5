import type { Kysely } from 'kysely';
import { invalid } from '../../errors.js';
import type { Database } from '../../store/schema.js';
import type { Actor } from '../actor.js';
import { applyContentChangesToSpace } from '../content/apply-content-changes.js';
import type { ContentWriteServices } from '../content/prepare-changes.js';
import { importChanges } from '../imports/imported-content.js';
import { contentTemplates } from './template-catalog.js';

/**
 * Adds the pages of the built-in template `templateId` at the end of a space, as one revision
 * written through the same path as every content change; an unknown id is a 400 naming the
 * known ones, a locked space a 409.
 */
export async function applySpaceTemplate(
  db: Kysely<Database>,
  actor: Actor,
  spaceId: string,
  templateId: string,
  services: ContentWriteServices,
  now: Date,
): Promise<{ revisionId: string }> {
  const template = contentTemplates.find((candidate) => candidate.id === templateId);
  if (template === undefined) {
    const known = contentTemplates.map((candidate) => candidate.id).join(', ');
    throw invalid(`Unknown template ${templateId.slice(0, 100)}; the templates are ${known}`);
  }
  const { changes } = importChanges({ pages: template.pages, files: [], leftOut: 0 }, undefined);
  const { revisionId } = await applyContentChangesToSpace(
    db,
    actor,
    spaceId,
    changes,
    services,
    'space.template_applied',
    now,
    { template: template.id },
  );
  return { revisionId };
}
