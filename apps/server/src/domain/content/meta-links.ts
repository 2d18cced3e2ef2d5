import { invalid } from '../../errors.js';
import type { ContentTree } from './content-tree.js';
import type { MetaLinkTarget, PageMetaLinks, PageRecord } from './records.js';

/** At most this many alternates per page: one per language of a site is the common case. */
export const maxMetaLinkAlternates = 20;
const maxUrlLength = 2048;

/** Resolves a page id or a `ref` of the batch to a page of the content, if there is one. */
export type PageLookup = (idOrRef: string) => Promise<PageRecord | undefined>;

/** Looks pages up in `tree`, by id or by the `ref` a batch gave a page it inserted. */
export function pageLookup(tree: ContentTree, refs: ReadonlyMap<string, string>): PageLookup {
  return (idOrRef) => tree.page(refs.get(idOrRef) ?? idOrRef);
}

async function checkTarget(
  target: MetaLinkTarget,
  lookup: PageLookup,
  where: string,
): Promise<MetaLinkTarget> {
  if (target.kind === 'url') {
    if (!/^https?:\/\//i.test(target.url) || !URL.canParse(target.url)) {
      throw invalid(`${where}.url: must be an http(s) URL`);
    }
    if (target.url.length > maxUrlLength) {
      throw invalid(`${where}.url: must be at most ${maxUrlLength} characters`);
    }
    return { kind: 'url', url: target.url };
  }
  // A page of another space is not checked: it may move or go without this space knowing.
  if (target.space !== undefined) return { kind: 'page', page: target.page, space: target.space };
  const page = await lookup(target.page);
  if (page === undefined) {
    throw invalid(`${where}.page: there is no page ${target.page} in the content`);
  }
  return { kind: 'page', page: page.id };
}

/**
 * Checks the meta links a change gives a page and answers them as stored: page targets of the
 * same content by id (a batch's `ref` resolved), URLs http(s). `undefined` when there are none,
 * so a page without meta links keeps no empty object.
 * @example await checkMetaLinks({ canonical: { kind: 'url', url } }, 'document', lookup, 'changes[0].metaLinks');
 */
export async function checkMetaLinks(
  metaLinks: PageMetaLinks,
  type: PageRecord['type'],
  lookup: PageLookup,
  where: string,
): Promise<PageMetaLinks | undefined> {
  const alternates = metaLinks.alternates ?? [];
  if (alternates.length > maxMetaLinkAlternates) {
    throw invalid(`${where}.alternates: at most ${maxMetaLinkAlternates} alternates`);
  }
  const canonical =
    metaLinks.canonical === undefined
      ? undefined
      : await checkTarget(metaLinks.canonical, lookup, `${where}.canonical`);
  const checked: MetaLinkTarget[] = [];
  for (const [index, target] of alternates.entries()) {
    checked.push(await checkTarget(target, lookup, `${where}.alternates[${index}]`));
  }
  if (canonical === undefined && checked.length === 0) return undefined;
  if (type !== 'document') throw invalid(`${where}: only document pages have meta links`);
  return {
    ...(canonical === undefined ? {} : { canonical }),
    ...(checked.length === 0 ? {} : { alternates: checked }),
  };
}
