import type { Document } from '@quire/document';
import type { Kysely } from 'kysely';
import type { ChangeRequestRecord } from '../../store/change-requests.js';
import type { Database } from '../../store/schema.js';
import type { Actor } from '../actor.js';
import {
  applyContentChanges,
  applyContentChangesToSpace,
} from '../content/apply-content-changes.js';
import type { ContentWriteServices } from '../content/prepare-changes.js';
import {
  type ImportServices,
  type ImportSource,
  requireSupportedSource,
  type SupportedImportSource,
} from './import-sources.js';
import { countResources, type ImportedContent, importChanges } from './imported-content.js';
import { readDocxSource, readHtmlSource, readMarkdownSource } from './single-file-sources.js';
import { readWebsiteSource } from './website-source.js';
import { readZipSource } from './zip-source.js';

/** What an import needs: reading sources, reading many Markdown pages at once, writing content. */
export interface ImportContentServices extends ImportServices, ContentWriteServices {
  /** Many Markdown texts → documents, on the worker threads when they are large. */
  fromMarkdownMany(markdowns: readonly string[]): Promise<Document[]>;
}

/** What an import answers. */
export interface ImportOutcome {
  revision: string;
  importedResources: number;
  totalResources: number;
}

/** Where imported pages go: the end of a space (or under one of its pages), or a change request. */
export type ImportTarget =
  | { kind: 'space'; spaceId: string; into?: string }
  | { kind: 'change-request'; changeRequest: ChangeRequestRecord };

const readers: Record<
  SupportedImportSource,
  (url: string, services: ImportServices) => Promise<ImportedContent>
> = {
  markdown: readMarkdownSource,
  html: readHtmlSource,
  zip: readZipSource,
  website: readWebsiteSource,
  docx: readDocxSource,
};

/**
 * Imports the content at `url` as one new revision of the target, or writes nothing: the source
 * is fetched and read first (every fetch through the outbound guard), its pages' Markdown read
 * in bulk (on the worker threads when large, so a big zip never holds up the event loop), and
 * the whole import written as one batch through the same path as `POST …/content`.
 */
export async function importContent(
  db: Kysely<Database>,
  actor: Actor,
  target: ImportTarget,
  { url, source }: { url: string; source: ImportSource },
  services: ImportContentServices,
  now: Date,
): Promise<ImportOutcome> {
  const content = await readers[requireSupportedSource(source)](url, services);
  const { imported, total } = countResources(content);
  const into = target.kind === 'space' ? target.into : undefined;
  const { changes, markdowns } = importChanges(content, into);
  const read = readInAdvance(markdowns, await services.fromMarkdownMany(markdowns), services);
  if (target.kind === 'change-request') {
    const applied = await applyContentChanges(db, actor, target.changeRequest, changes, read, now);
    return {
      revision: applied.changeRequest.revisionId,
      importedResources: imported,
      totalResources: total,
    };
  }
  const applied = await applyContentChangesToSpace(
    db,
    actor,
    target.spaceId,
    changes,
    read,
    'space.content_imported',
    now,
    { source, url, importedResources: imported },
  );
  return { revision: applied.revisionId, importedResources: imported, totalResources: total };
}

// The batch's bodies are the pages' Markdown, already read in bulk: they are handed back from
// there rather than read again one by one.
function readInAdvance(
  markdowns: readonly string[],
  documents: readonly Document[],
  services: ContentWriteServices,
): ContentWriteServices {
  const byMarkdown = new Map<string, Document>();
  for (const [index, markdown] of markdowns.entries()) {
    const document = documents[index];
    if (document !== undefined) byMarkdown.set(markdown, document);
  }
  return {
    ...services,
    async fromMarkdown(markdown) {
      const document = byMarkdown.get(markdown);
      return document === undefined ? services.fromMarkdown(markdown) : { document };
    },
  };
}
