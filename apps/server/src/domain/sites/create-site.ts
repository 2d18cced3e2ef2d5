import type { Kysely } from 'kysely';
import { notFound } from '../../errors.js';
import { newId } from '../../ids.js';
import type { Database } from '../../store/schema.js';
import { insertSiteSpace } from '../../store/site-structure.js';
import {
  insertSite,
  type SiteRecord,
  type SiteType,
  type SiteVisibility,
} from '../../store/sites.js';
import { findSpaceById, type SpaceRecord } from '../../store/spaces.js';
import type { Actor } from '../actor.js';
import { recordEvent } from '../events/record-event.js';
import { positionBetween } from '../positions.js';
import { createSpace } from '../spaces/create-space.js';
import { createSampleSpace, type SampleContentServices } from './sample-space.js';
import { uniquePath } from './site-structure.js';

/** What a new site is made from. */
export interface NewSite {
  type?: SiteType | undefined;
  title?: string | undefined;
  visibility?: SiteVisibility | undefined;
  /** Spaces of the organization to publish, or a new space made for the site. */
  spaces?: string[] | 'sample' | 'empty' | undefined;
}

/** The title of a site created without one. */
export const untitledSite = 'Docs site';

/**
 * Creates an unpublished site publishing `spaces` at its root, the first one the default. With
 * `empty` or `sample` (with a first page) a new space is made for it first, recorded as its own
 * creation.
 */
export async function createSite(
  db: Kysely<Database>,
  actor: Actor,
  organizationId: string,
  input: NewSite,
  sample: SampleContentServices,
  now: Date,
): Promise<SiteRecord> {
  const title = input.title ?? untitledSite;
  const spaceTitle = title.slice(0, 50);
  const made =
    input.spaces === 'empty'
      ? await createSpace(db, actor, organizationId, { title: spaceTitle }, now)
      : input.spaces === 'sample'
        ? await createSampleSpace(db, actor, organizationId, spaceTitle, sample, now)
        : undefined;
  return db.transaction().execute(async (trx) => {
    const spaces: SpaceRecord[] = made === undefined ? [] : [made];
    for (const spaceId of Array.isArray(input.spaces) ? input.spaces : []) {
      const space = await findSpaceById(trx, spaceId);
      if (
        space === undefined ||
        space.deletedAt !== null ||
        space.organizationId !== organizationId
      ) {
        throw notFound(`spaces: space ${spaceId} not found in this organization`);
      }
      spaces.push(space);
    }
    const at = now.toISOString();
    const siteSpaceIds = spaces.map(() => newId());
    const site: SiteRecord = {
      id: newId(),
      organizationId,
      title,
      type: input.type ?? 'basic',
      visibility: input.visibility ?? 'public',
      published: false,
      basename: null,
      proxy: null,
      adaptiveContent: false,
      agentsContext: 'excluded',
      defaultSectionId: null,
      defaultSiteSpaceId: siteSpaceIds[0] ?? null,
      adaptiveSchema: null,
      adaptiveSchemaUpdatedAt: null,
      customization: '{}',
      createdAt: at,
      updatedAt: at,
    };
    await insertSite(trx, site);
    const taken = new Set<string>();
    let position: string | null = null;
    for (const [index, space] of spaces.entries()) {
      position = positionBetween(position, null);
      const path = uniquePath(space.title, taken);
      taken.add(path);
      await insertSiteSpace(trx, {
        id: siteSpaceIds[index] ?? newId(),
        siteId: site.id,
        sectionId: null,
        spaceId: space.id,
        path,
        condition: null,
        customization: null,
        draft: false,
        position,
        createdAt: at,
      });
    }
    await recordEvent(
      trx,
      actor,
      {
        action: 'site.created',
        organizationId,
        target: { type: 'site', id: site.id, label: site.title },
        payload: { spaces: spaces.map((space) => space.id) },
      },
      now,
    );
    return site;
  });
}
