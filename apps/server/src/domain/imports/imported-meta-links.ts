import { posix } from 'node:path';
import type { components } from '@quire/contract';
import { readFrontmatterMetaLinks } from '@quire/document';
import type { ContentChangeInput } from '../content/change-inputs.js';
import { maxMetaLinkAlternates } from '../content/meta-links.js';
import { frontmatterOf } from './frontmatter.js';

type MetaLinkTarget = components['schemas']['RevisionPageMetaLinkTarget'];

/** An imported page as the batch names it, with where its file was. */
export interface ImportedPageRef {
  ref: string;
  markdown: string;
  /** The page file's path in the source (a zip's), for the relative paths its links use. */
  sourcePath?: string;
}

/**
 * The `update_page` changes that give imported pages the meta links their frontmatter declares
 * (GitBook's `metaLinks:` key, which stays in the body as written): a URL as it is, a path
 * relative to the page file as the page imported from that file. They come after every page is
 * inserted, so a link may name a page further on. A target that is neither (a page the source
 * does not have, another scheme) is left out rather than failing the import.
 * @example changes.push(...importedMetaLinkChanges(pages));
 */
export function importedMetaLinkChanges(pages: readonly ImportedPageRef[]): ContentChangeInput[] {
  const refsByPath = new Map(
    pages.flatMap((page) => (page.sourcePath === undefined ? [] : [[page.sourcePath, page.ref]])),
  );
  const changes: ContentChangeInput[] = [];
  for (const page of pages) {
    const yaml = frontmatterOf(page.markdown)?.yaml;
    const links = yaml === undefined ? undefined : readFrontmatterMetaLinks(yaml);
    if (links === undefined) continue;
    const targetOf = (value: string) => metaLinkTarget(value, page.sourcePath, refsByPath);
    const canonical = links.canonical === undefined ? undefined : targetOf(links.canonical);
    const alternates = (links.alternates ?? [])
      .flatMap((value) => targetOf(value) ?? [])
      .slice(0, maxMetaLinkAlternates);
    if (canonical === undefined && alternates.length === 0) continue;
    changes.push({
      operation: 'update_page',
      page: page.ref,
      metaLinks: {
        ...(canonical === undefined ? {} : { canonical }),
        ...(alternates.length === 0 ? {} : { alternates }),
      },
    });
  }
  return changes;
}

function metaLinkTarget(
  value: string,
  sourcePath: string | undefined,
  refsByPath: ReadonlyMap<string, string>,
): MetaLinkTarget | undefined {
  if (/^[a-z][a-z\d+.-]*:/i.test(value)) {
    const isWebUrl = /^https?:\/\//i.test(value) && URL.canParse(value) && value.length <= 2048;
    return isWebUrl ? { kind: 'url', url: value } : undefined;
  }
  if (sourcePath === undefined || value.startsWith('/')) return undefined;
  let path = value.replace(/[?#].*$/, '');
  try {
    path = decodeURIComponent(path);
  } catch {}
  const joined = posix.normalize(posix.join(posix.dirname(sourcePath), path));
  // A folder (`./`, `../guide/`) is its README, as in GitBook's links.
  const file =
    path === '' || path.endsWith('/') || joined === '.' ? posix.join(joined, 'README.md') : joined;
  const ref = refsByPath.get(file);
  return ref === undefined ? undefined : { kind: 'page', page: ref };
}
