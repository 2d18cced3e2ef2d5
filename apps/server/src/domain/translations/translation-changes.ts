import type { Document } from '@quire/document';
import type { TranslatedPageRecord, TranslationRecord } from '../../store/translations.js';
import { canonicalJson, contentHash } from '../content/canonical-json.js';
import type { ContentChangeInput } from '../content/change-inputs.js';
import type { PageNode } from '../content/read-content.js';
import type { PageMetaLinks, PageRecord } from '../content/records.js';
import { documentTexts, lineTexts, wordsIn } from './document-texts.js';
import {
  type TranslationEngine,
  type TranslationRequest,
  translateAll,
} from './translation-engine.js';

/** What a run works from. */
export interface TranslationChangesInput {
  engine: TranslationEngine;
  request: TranslationRequest;
  translation: Pick<TranslationRecord, 'sourceLanguage' | 'language' | 'instructions'>;
  sourcePages: readonly PageNode[];
  /** A source page's body by its document id. */
  bodyOf(documentId: string): Promise<Document>;
  resultPages: readonly PageNode[];
  /** What the runs before wrote, by source page. */
  translated: readonly TranslatedPageRecord[];
}

/** The batch a run writes, and what it knows of each page after it. */
export interface TranslationChanges {
  changes: ContentChangeInput[];
  /** Per source page; a page the batch inserts has its source page's id as `resultPageId` (its ref). */
  pages: TranslatedPageRecord[];
  translatedPages: number;
  words: number;
}

// Raised when what a page's hash covers changes, so every page is translated again.
const hashVersion = 1;

interface Plan {
  page: PageRecord;
  /** Where it goes: `null` the top level, else a result page's id or the ref of one inserted before. */
  into: string | null;
  /** The parent's id in the result when it is already there. */
  parentResultId: string | null;
  at: number;
  hash: string;
  resultId: string | undefined;
  known: TranslatedPageRecord | undefined;
}

interface Pieces {
  title: ReturnType<typeof lineTexts>;
  description: ReturnType<typeof lineTexts> | undefined;
  body: ReturnType<typeof documentTexts> | undefined;
  start: number;
  count: number;
}

/**
 * Plans one run: the source's pages in tree order, each inserted (new), translated again (its
 * source, or the languages or instructions, changed since the run before) or only moved where
 * the source has it; then the pages the source no longer has, deleted. The texts of the pages
 * to translate go to the engine in batches across pages.
 */
export async function planTranslationChanges(
  input: TranslationChangesInput,
): Promise<TranslationChanges> {
  const plans = planPages(input);
  const pieces = new Map<string, Pieces>();
  const texts: string[] = [];
  for (const plan of plans) {
    if (!needsTranslation(plan)) continue;
    const { page } = plan;
    const title = lineTexts(page.title);
    const description = page.description === undefined ? undefined : lineTexts(page.description);
    const body =
      page.type === 'document' && page.documentId !== undefined
        ? documentTexts(await input.bodyOf(page.documentId))
        : undefined;
    const own = [...title.texts, ...(description?.texts ?? []), ...(body?.texts ?? [])];
    pieces.set(page.id, { title, description, body, start: texts.length, count: own.length });
    texts.push(...own);
  }
  const translated =
    texts.length === 0 ? [] : await translateAll(input.engine, texts, input.request);

  const placed = new Map<string, string>();
  const changes: ContentChangeInput[] = [];
  const pages: TranslatedPageRecord[] = [];
  const resultPlaces = placesOf(input.resultPages);
  const resultIds = new Map(
    plans.flatMap((plan) => (plan.resultId === undefined ? [] : [[plan.page.id, plan.resultId]])),
  );
  for (const plan of plans) {
    const { page } = plan;
    const own = pieces.get(page.id);
    const target = page.target === undefined ? undefined : targetIn(page.target, placed);
    // A link to a page the result does not have yet waits for a later run.
    if (page.type === 'link' && target === undefined) continue;
    placed.set(page.id, plan.resultId ?? page.id);
    const words =
      own === undefined
        ? (plan.known?.words ?? 0)
        : wordsIn(texts.slice(own.start, own.start + own.count));
    pages.push({
      sourcePageId: page.id,
      resultPageId: plan.resultId ?? page.id,
      sourceHash: plan.hash,
      words,
    });
    const place = { ...(plan.into === null ? {} : { into: plan.into }), at: plan.at };
    if (own === undefined) {
      const now = plan.resultId === undefined ? undefined : resultPlaces.get(plan.resultId);
      const moved =
        plan.into !== plan.parentResultId ||
        now?.parent !== plan.parentResultId ||
        now?.index !== plan.at;
      if (moved && plan.resultId !== undefined) {
        changes.push({
          operation: 'update_page',
          page: plan.resultId,
          into: plan.into,
          at: plan.at,
        });
      }
      continue;
    }
    const mine = translated.slice(own.start, own.start + own.count);
    const titleCount = own.title.texts.length;
    const descriptionCount = own.description?.texts.length ?? 0;
    const title = own.title.rebuild(mine.slice(0, titleCount)).slice(0, 255) || page.title;
    const description = own.description?.rebuild(
      mine.slice(titleCount, titleCount + descriptionCount),
    );
    const body = own.body?.rebuild(mine.slice(titleCount + descriptionCount));
    const fields = {
      title,
      slug: page.slug,
      ...(description === undefined ? {} : { description: description.slice(0, 1000) }),
      ...(page.emoji === undefined ? {} : { emoji: page.emoji }),
      ...(page.icon === undefined ? {} : { icon: page.icon }),
      ...(page.hidden === undefined ? {} : { hidden: page.hidden }),
      ...(page.noIndex === undefined ? {} : { noIndex: page.noIndex }),
      ...(page.noRobotsIndex === undefined ? {} : { noRobotsIndex: page.noRobotsIndex }),
      ...(target === undefined ? {} : { target }),
    };
    const metaLinks =
      page.metaLinks === undefined
        ? undefined
        : metaLinksIn(page.metaLinks, (id) =>
            // A page being inserted can't name itself: its ref is known only once it is in.
            id === page.id && plan.resultId === undefined
              ? undefined
              : (placed.get(id) ?? resultIds.get(id)),
          );
    if (plan.resultId === undefined) {
      changes.push({
        operation: 'insert_page',
        ref: page.id,
        type: page.type,
        document: body === undefined ? {} : { document: body },
        ...place,
        ...fields,
        ...(metaLinks === undefined ? {} : { metaLinks }),
        ...(page.variables === undefined ? {} : { variables: page.variables }),
      });
    } else {
      changes.push({
        operation: 'update_page',
        page: plan.resultId,
        ...(body === undefined ? {} : { document: { document: body } }),
        into: plan.into,
        at: plan.at,
        ...fields,
        ...(page.type === 'document'
          ? { metaLinks: metaLinks ?? null, variables: page.variables ?? {} }
          : {}),
      });
    }
  }
  changes.push(...deletions(input, resultPlaces));
  return { changes, pages, translatedPages: pieces.size, words: wordsIn(texts) };
}

function needsTranslation(plan: Plan): boolean {
  return plan.resultId === undefined || plan.known?.sourceHash !== plan.hash;
}

function planPages(input: TranslationChangesInput): Plan[] {
  const known = new Map(input.translated.map((page) => [page.sourcePageId, page]));
  const inResult = placesOf(input.resultPages);
  const plans: Plan[] = [];
  const walk = (
    nodes: readonly PageNode[],
    into: string | null,
    parentResultId: string | null,
  ): void => {
    for (const [at, node] of nodes.entries()) {
      const mapped = known.get(node.page.id);
      const resultId =
        mapped !== undefined && inResult.has(mapped.resultPageId) ? mapped.resultPageId : undefined;
      plans.push({
        page: node.page,
        into,
        parentResultId,
        at,
        hash: pageHash(input.translation, node.page),
        resultId,
        known: mapped,
      });
      walk(node.children, resultId ?? node.page.id, resultId ?? null);
    }
  };
  walk(input.sourcePages, null, null);
  return plans;
}

/** What a page is translated from: its fields, its body's hash, the languages and instructions. */
function pageHash(translation: TranslationChangesInput['translation'], page: PageRecord): string {
  return contentHash(
    canonicalJson([
      'translation-page',
      hashVersion,
      translation.sourceLanguage,
      translation.language,
      translation.instructions,
      page.type,
      page.title,
      page.slug,
      page.description ?? null,
      page.emoji ?? null,
      page.icon ?? null,
      page.hidden ?? null,
      page.noIndex ?? null,
      page.noRobotsIndex ?? null,
      page.target ?? null,
      page.documentId ?? null,
      // Last and only when set, so pages without meta links or variables keep the hashes runs
      // before wrote.
      ...(page.metaLinks === undefined ? [] : [page.metaLinks]),
      ...(page.variables === undefined ? [] : [{ variables: page.variables }]),
    ]),
  );
}

/** Every page of a tree, with its parent and its position among its siblings. */
function placesOf(
  nodes: readonly PageNode[],
): Map<string, { parent: string | null; index: number }> {
  const places = new Map<string, { parent: string | null; index: number }>();
  const walk = (level: readonly PageNode[], parent: string | null) => {
    for (const [index, node] of level.entries()) {
      places.set(node.page.id, { parent, index });
      walk(node.children, node.page.id);
    }
  };
  walk(nodes, null);
  return places;
}

function targetIn(
  target: NonNullable<PageRecord['target']>,
  placed: ReadonlyMap<string, string>,
): NonNullable<PageRecord['target']> | undefined {
  if (target.kind === 'url') return target;
  const page = placed.get(target.page);
  return page === undefined ? undefined : { kind: 'page', page };
}

/**
 * A source page's meta links for its translation: links to pages of the source point at their
 * translations (already in the result, or inserted earlier in the batch); one whose page the
 * result does not have yet is left out until a later run.
 */
function metaLinksIn(
  metaLinks: PageMetaLinks,
  resultPageOf: (sourcePageId: string) => string | undefined,
): PageMetaLinks | undefined {
  type Target = NonNullable<PageMetaLinks['canonical']>;
  const mapped = (target: Target): Target | undefined => {
    if (target.kind === 'url' || target.space !== undefined) return target;
    const page = resultPageOf(target.page);
    return page === undefined ? undefined : { kind: 'page', page };
  };
  const canonical = metaLinks.canonical === undefined ? undefined : mapped(metaLinks.canonical);
  const alternates = (metaLinks.alternates ?? []).flatMap((target) => mapped(target) ?? []);
  if (canonical === undefined && alternates.length === 0) return undefined;
  return {
    ...(canonical === undefined ? {} : { canonical }),
    ...(alternates.length === 0 ? {} : { alternates }),
  };
}

/** The pages written for source pages that are gone, each once (not those under another). */
function deletions(
  input: TranslationChangesInput,
  resultPlaces: ReadonlyMap<string, { parent: string | null; index: number }>,
): ContentChangeInput[] {
  const sourceIds = new Set(placesOf(input.sourcePages).keys());
  const gone = new Set(
    input.translated
      .filter((page) => !sourceIds.has(page.sourcePageId) && resultPlaces.has(page.resultPageId))
      .map((page) => page.resultPageId),
  );
  const underGone = (id: string): boolean => {
    for (let parent = resultPlaces.get(id)?.parent ?? null; parent !== null; ) {
      if (gone.has(parent)) return true;
      parent = resultPlaces.get(parent)?.parent ?? null;
    }
    return false;
  };
  return [...gone]
    .filter((id) => !underGone(id))
    .map((page): ContentChangeInput => ({ operation: 'delete_page', page }));
}
