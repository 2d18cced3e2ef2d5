import { posix } from 'node:path';
import { parse } from 'yaml';
import { isRecord } from '../../is-record.js';

/** Where GitBook's files are in a repository, as its `.gitbook.yaml` says. */
export interface RepositoryLayout {
  /** Folder of the content (`root`), from the repository's root, `''` or ending in `/`. */
  root: string;
  /** Path of the first page (`structure.readme`), from the repository's root. */
  readme: string;
  /** Path of the table of contents (`structure.summary`), from the repository's root. */
  summary: string;
  /** Folder of the files pages use. */
  assets: string;
  /** Folder of the reusable contents pages include. */
  includes: string;
  /** The space's variables (`.gitbook/vars.yaml`), a map of names to values. */
  variables: string;
}

/**
 * The layout of the project in `directory` (`''` for the repository's root): `.gitbook.yaml` in
 * that folder, when there is one, moves the content's root and renames the first page and the
 * table of contents; without it they are `README.md` and `SUMMARY.md` at the project's root.
 */
export function repositoryLayout(directory: string, config: string | undefined): RepositoryLayout {
  const project = folder(directory);
  const settings = readConfig(config);
  const root = folder(posix.join(project, settings.root ?? ''));
  return {
    root,
    readme: posix.join(root, settings.readme ?? 'README.md'),
    summary: posix.join(root, settings.summary ?? 'SUMMARY.md'),
    assets: `${root}.gitbook/assets/`,
    includes: `${root}.gitbook/includes/`,
    variables: `${root}.gitbook/vars.yaml`,
  };
}

/** One entry of `.gitbook.yaml`'s `redirects:` map. */
export interface RedirectEntry {
  /** The old path of the published docs, relative to the space, without leading or trailing `/`. */
  source: string;
  /** The page file it leads to, from the repository's root. */
  target: string;
}

/**
 * The `redirects:` of a project's `.gitbook.yaml`: its keys are old paths of the published docs,
 * its values page files relative to the content's root (`./support.md` or `support.md`).
 * Entries that are not two non-empty strings are left out.
 */
export function repositoryRedirects(
  layout: RepositoryLayout,
  config: string | undefined,
): RedirectEntry[] {
  const redirects = readConfig(config).redirects ?? {};
  const entries: RedirectEntry[] = [];
  for (const [key, value] of Object.entries(redirects)) {
    const source = key
      .split('/')
      .filter((segment) => segment !== '')
      .join('/');
    if (source === '' || typeof value !== 'string' || value.trim() === '') continue;
    entries.push({ source, target: posix.join(layout.root, value.trim()) });
  }
  return entries;
}

/** Path of the `.gitbook.yaml` of the project in `directory`. */
export function configPath(directory: string): string {
  return `${folder(directory)}.gitbook.yaml`;
}

/** A folder path as layouts keep it: relative, normalised, `''` or ending in `/`. */
export function folder(path: string): string {
  const normal = posix.normalize(`/${path}/`).replace(/^\/+/, '');
  return normal === '/' ? '' : normal;
}

function readConfig(text: string | undefined): {
  root?: string;
  readme?: string;
  summary?: string;
  redirects?: Record<string, unknown>;
} {
  if (text === undefined) return {};
  let value: unknown;
  try {
    value = parse(text);
  } catch {
    return {};
  }
  if (!isRecord(value)) return {};
  const structure = isRecord(value.structure) ? value.structure : {};
  return {
    ...(typeof value.root === 'string' ? { root: value.root } : {}),
    ...(typeof structure.readme === 'string' ? { readme: structure.readme } : {}),
    ...(typeof structure.summary === 'string' ? { summary: structure.summary } : {}),
    ...(isRecord(value.redirects) ? { redirects: value.redirects } : {}),
  };
}
