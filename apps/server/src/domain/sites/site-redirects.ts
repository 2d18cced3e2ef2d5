import type { components } from '@quire/contract';
import type { Kysely } from 'kysely';
import { conflict, DomainError, invalid, notFound } from '../../errors.js';
import { newId } from '../../ids.js';
import type { Database, Executor } from '../../store/schema.js';
import {
  deleteSiteRedirect,
  findSiteRedirect,
  findSiteRedirectBySource,
  insertSiteRedirect,
  type RedirectDestination,
  replaceSiteRedirect,
  type SiteRedirectRecord,
} from '../../store/site-redirects.js';
import type { SiteRecord } from '../../store/sites.js';
import { findSpaceById } from '../../store/spaces.js';
import type { Actor } from '../actor.js';
import { recordEvent } from '../events/record-event.js';
import { conflictOnDuplicate } from '../unique-writes.js';
import { pageIdAtPath, pathOfPage } from './redirect-pages.js';
import { readSiteStructure, type SiteStructure } from './site-structure.js';

/** A destination as writes take it: one of a redirect's, or a page by its path in a space. */
export type DestinationInput = components['schemas']['SiteRedirectInputDestination'];

/** What a write of a redirect gives; absent fields stay (or take their defaults on creation). */
export interface RedirectSettings {
  source?: string | undefined;
  captureWildcard?: boolean | undefined;
  draft?: boolean | undefined;
  permanent?: boolean | undefined;
  destination?: DestinationInput | undefined;
}

type RedirectAction = 'site_redirect.created' | 'site_redirect.updated' | 'site_redirect.deleted';

/** The redirect with this id on the site, or a 404. */
export async function loadSiteRedirect(
  db: Executor,
  site: SiteRecord,
  siteRedirectId: string,
): Promise<SiteRedirectRecord> {
  const redirect = await findSiteRedirect(db, site.id, siteRedirectId);
  if (redirect === undefined) throw notFound(`Site redirect ${siteRedirectId} not found`);
  return redirect;
}

/** Creates a redirect; a source the site already redirects (as a draft, or live) is a 409. */
export function createSiteRedirect(
  db: Kysely<Database>,
  actor: Actor,
  site: SiteRecord,
  settings: RedirectSettings & { source: string; destination: DestinationInput },
  now: Date,
): Promise<SiteRedirectRecord> {
  return db.transaction().execute(async (trx) => {
    const draft = settings.draft ?? false;
    await requireFreeSource(trx, site, settings.source, draft, undefined);
    const redirect: SiteRedirectRecord = {
      id: newId(),
      siteId: site.id,
      source: settings.source,
      draft,
      captureWildcard: settings.captureWildcard ?? false,
      permanent: settings.permanent ?? false,
      destination: await checkedDestination(trx, site, settings.destination),
      createdAt: now.toISOString(),
      updatedAt: null,
    };
    await conflictOnDuplicate(
      () => insertSiteRedirect(trx, redirect),
      duplicateSource(redirect.source),
    );
    await recordRedirectEvent(trx, actor, site, redirect, 'site_redirect.created', now);
    return redirect;
  });
}

/** Changes a redirect; `draft: false` makes a draft live (a 409 if a live one has its source). */
export function updateSiteRedirect(
  db: Kysely<Database>,
  actor: Actor,
  site: SiteRecord,
  redirect: SiteRedirectRecord,
  settings: RedirectSettings,
  now: Date,
): Promise<SiteRedirectRecord> {
  return db.transaction().execute(async (trx) => {
    const updated: SiteRedirectRecord = {
      ...redirect,
      source: settings.source ?? redirect.source,
      draft: settings.draft ?? redirect.draft,
      captureWildcard: settings.captureWildcard ?? redirect.captureWildcard,
      permanent: settings.permanent ?? redirect.permanent,
      destination:
        settings.destination === undefined
          ? redirect.destination
          : await checkedDestination(trx, site, settings.destination),
      updatedAt: now.toISOString(),
    };
    await requireFreeSource(trx, site, updated.source, updated.draft, redirect.id);
    await conflictOnDuplicate(
      () => replaceSiteRedirect(trx, updated),
      duplicateSource(updated.source),
    );
    await recordRedirectEvent(trx, actor, site, updated, 'site_redirect.updated', now, {
      fields: Object.entries(settings)
        .flatMap(([field, value]) => (value === undefined ? [] : [field]))
        .sort(),
    });
    return updated;
  });
}

/** Deletes a redirect. */
export function removeSiteRedirect(
  db: Kysely<Database>,
  actor: Actor,
  site: SiteRecord,
  redirect: SiteRedirectRecord,
  now: Date,
): Promise<void> {
  return db.transaction().execute(async (trx) => {
    await deleteSiteRedirect(trx, redirect.id);
    await recordRedirectEvent(trx, actor, site, redirect, 'site_redirect.deleted', now);
  });
}

/**
 * Makes the draft of a source live, in place of the live redirect of that source if there is
 * one (which is deleted). No draft of the source is a 404.
 */
export function publishDraftRedirect(
  db: Kysely<Database>,
  actor: Actor,
  site: SiteRecord,
  source: string,
  now: Date,
): Promise<SiteRedirectRecord> {
  return db.transaction().execute(async (trx) => {
    const draft = await findSiteRedirectBySource(trx, site.id, source, true);
    if (draft === undefined) throw notFound(`No draft redirect of ${source}`);
    const live = await findSiteRedirectBySource(trx, site.id, source, false);
    if (live !== undefined) {
      await deleteSiteRedirect(trx, live.id);
      await recordRedirectEvent(trx, actor, site, live, 'site_redirect.deleted', now);
    }
    const published: SiteRedirectRecord = { ...draft, draft: false, updatedAt: now.toISOString() };
    await replaceSiteRedirect(trx, published);
    await recordRedirectEvent(trx, actor, site, published, 'site_redirect.updated', now, {
      fields: ['draft'],
    });
    return published;
  });
}

async function requireFreeSource(
  db: Executor,
  site: SiteRecord,
  source: string,
  draft: boolean,
  exceptId: string | undefined,
): Promise<void> {
  const taken = await findSiteRedirectBySource(db, site.id, source, draft);
  if (taken !== undefined && taken.id !== exceptId) {
    throw conflict(`The site already has a ${draft ? 'draft' : 'live'} redirect of ${source}`);
  }
}

// A concurrent write of the same source loses on the unique index.
const duplicateSource = (source: string) => `The site already has a redirect of ${source}`;

/**
 * The destination to store, checked against the site: its section, site space or page must
 * exist (drafts may: the redirect applies once they are live), and a page by path is stored as
 * the page it names in the first site space publishing that space. Anything else is a 400.
 */
async function checkedDestination(
  db: Executor,
  site: SiteRecord,
  input: DestinationInput,
): Promise<RedirectDestination> {
  if (input.kind === 'external') return { kind: 'external', url: input.url };
  const structure = await readSiteStructure(db, site);
  if (input.kind === 'site-section') {
    if (!structure.sections.some((section) => section.id === input.siteSectionId)) {
      throw invalid(
        `destination.siteSectionId: site ${site.id} has no section ${input.siteSectionId}`,
      );
    }
    return { kind: 'site-section', siteSectionId: input.siteSectionId };
  }
  if (input.kind === 'path') {
    const siteSpace = structure.siteSpaces.find((item) => item.spaceId === input.spaceId);
    if (siteSpace === undefined) {
      throw invalid(`destination.spaceId: site ${site.id} does not publish space ${input.spaceId}`);
    }
    const pageId = await pageIdAtPath(db, await spaceOf(db, siteSpace.spaceId), input.path);
    if (pageId === undefined)
      throw invalid(`destination.path: no page at ${input.path.slice(0, 200)}`);
    return { kind: 'site-page', siteSpaceId: siteSpace.id, pageId };
  }
  const siteSpace = siteSpaceIn(structure, input.siteSpaceId);
  if (input.kind === 'site-space') return { kind: 'site-space', siteSpaceId: siteSpace.id };
  const path = await pathOfPage(db, await spaceOf(db, siteSpace.spaceId), input.pageId);
  if (path === undefined) {
    throw invalid(`destination.pageId: no page ${input.pageId} in site space ${siteSpace.id}`);
  }
  return { kind: 'site-page', siteSpaceId: siteSpace.id, pageId: input.pageId };
}

function siteSpaceIn(structure: SiteStructure, siteSpaceId: string) {
  const siteSpace = structure.siteSpaces.find((item) => item.id === siteSpaceId);
  if (siteSpace === undefined) {
    throw invalid(
      `destination.siteSpaceId: site ${structure.site.id} has no site space ${siteSpaceId}`,
    );
  }
  return siteSpace;
}

async function spaceOf(db: Executor, spaceId: string) {
  const space = await findSpaceById(db, spaceId);
  if (space === undefined) throw new Error(`Space ${spaceId} of a site space is missing`);
  return space;
}

async function recordRedirectEvent(
  trx: Executor,
  actor: Actor,
  site: SiteRecord,
  redirect: SiteRedirectRecord,
  action: RedirectAction,
  now: Date,
  payload?: Record<string, unknown>,
): Promise<void> {
  await recordEvent(
    trx,
    actor,
    {
      action,
      organizationId: site.organizationId,
      target: { type: 'site-redirect', id: redirect.id, label: redirect.source },
      payload: { site: site.id, draft: redirect.draft, ...payload },
    },
    now,
  );
}

/** Whether an error is one a bulk write reports for its item rather than for the request. */
export function isItemError(error: unknown): error is DomainError {
  return (
    error instanceof DomainError && error.kind !== 'upstream-failed' && error.kind !== 'not-ready'
  );
}
