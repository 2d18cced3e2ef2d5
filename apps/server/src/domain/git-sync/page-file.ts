import {
  type FrontmatterMetaLinks,
  readFrontmatterMetaLinks,
  writeFrontmatterMetaLinks,
} from '@quire/document';
import { isMap, parseDocument } from 'yaml';
import { canonicalJson } from '../content/canonical-json.js';
import { frontmatterPattern } from '../imports/frontmatter.js';
import { unescapeMarkdown } from '../imports/summary-toc.js';
import { readFrontmatterVariables, frontmatterKey as varsKey } from './variables-file.js';

/** The page fields GitBook's Git format keeps in a page file's frontmatter. */
export interface PageFileFields {
  description?: string;
  icon?: string;
  emoji?: string;
  hidden?: boolean;
  noIndex?: boolean;
  noRobotsIndex?: boolean;
  /** The page's own variables, `vars` in the frontmatter (none is no `vars`). */
  variables?: Record<string, string>;
}

/** A page file read: its title (the first `# Heading`), frontmatter fields and body. */
export interface PageFile {
  title: string | undefined;
  fields: PageFileFields;
  /** Its meta links as the frontmatter writes them: URLs, or paths of page files from it. */
  metaLinks?: FrontmatterMetaLinks;
  body: string;
}

// A closing `#` sequence is set apart by a space; `C#` and `x \#` keep theirs.
const titlePattern = /^#[ \t]+(.+?)(?:[ \t]+#+)?[ \t]*(?:\r?\n|$)/;
const stringFields = ['description', 'icon', 'emoji'] as const;
const flagFields = ['hidden', 'noIndex', 'noRobotsIndex'] as const;

/**
 * Reads a page file as GitBook writes it: YAML frontmatter, then `# Title`, then the body. Keys
 * of the frontmatter that are not page fields (`layout`, `cover`, …) are left in the text, which
 * {@link writePageFile} keeps. Variables that are no map of names to text are refused, naming
 * the file at `path`, unless not `strict` (a file read only for its title): then they are left out.
 */
export function readPageFile(
  text: string,
  path = 'the page file',
  { strict }: { strict: boolean } = { strict: true },
): PageFile {
  const frontmatter = frontmatterPattern.exec(text);
  const fields = frontmatter === null ? {} : fieldsOf(frontmatter[1] ?? '', path, { strict });
  const metaLinks =
    frontmatter === null ? undefined : readFrontmatterMetaLinks(frontmatter[1] ?? '');
  const rest = frontmatter === null ? text : text.slice(frontmatter[0].length);
  const title = titlePattern.exec(rest.replace(/^(?:[ \t]*\r?\n)+/, ''));
  const links = metaLinks === undefined ? {} : { metaLinks };
  if (title === null) return { title: undefined, fields, ...links, body: rest };
  const afterTitle = rest.replace(/^(?:[ \t]*\r?\n)+/, '').slice(title[0].length);
  return {
    title: unescapeMarkdown(title[1] ?? ''),
    fields,
    ...links,
    body: afterTitle.replace(/^(?:[ \t]*\r?\n)+/, ''),
  };
}

/**
 * Writes a page file: the frontmatter of `previous` (the file as the repository has it) with
 * only the page fields that differ set anew, so its other keys, order and style stay as they
 * were; then the title and the body.
 */
export function writePageFile(
  page: { title: string; fields: PageFileFields; metaLinks?: FrontmatterMetaLinks; body: string },
  previous: string | undefined,
): string {
  const frontmatter = previous === undefined ? null : frontmatterPattern.exec(previous);
  const yaml = frontmatter === null ? '' : (frontmatter[1] ?? '');
  const document = parseDocument(yaml);
  const heading = headingOf(page.title, previous);
  if (!isMap(document.contents) && yaml.trim() !== '') {
    return `${frontmatter?.[0] ?? ''}${titleAndBody(heading, page.body)}`;
  }
  const before = fieldsOf(yaml, 'the page file', { strict: false });
  let changed = false;
  for (const key of [...stringFields, ...flagFields]) {
    const value = page.fields[key];
    if (before[key] === value) continue;
    changed = true;
    if (value === undefined || value === false) document.delete(key);
    else document.set(key, value);
  }
  const variables = page.fields.variables;
  if (canonicalJson(before.variables ?? {}) !== canonicalJson(variables ?? {})) {
    changed = true;
    if (variables === undefined || Object.keys(variables).length === 0) document.delete(varsKey);
    else document.set(varsKey, { ...variables });
  }
  const fieldsWritten = changed ? document.toString({ lineWidth: 0 }).replace(/\n$/, '') : yaml;
  const kept = writeFrontmatterMetaLinks(
    fieldsWritten === '{}' ? '' : fieldsWritten,
    page.metaLinks,
  );
  const hasKeys = kept.trim() !== '';
  // GitBook leaves one blank line between the frontmatter and the title.
  const head = hasKeys ? `---\n${kept}\n---\n\n` : '';
  return `${head}${titleAndBody(heading, page.body)}`;
}

function titleAndBody(heading: string, body: string): string {
  return body === '' ? `# ${heading}\n` : `# ${heading}\n\n${body}`;
}

// The title as the file's `# Heading` says it: as the previous file wrote it when it says the
// same (GitBook's escapes kept), else escaped as GitBook escapes a heading.
function headingOf(title: string, previous: string | undefined): string {
  if (previous !== undefined) {
    const frontmatter = frontmatterPattern.exec(previous);
    const rest = (frontmatter === null ? previous : previous.slice(frontmatter[0].length)).replace(
      /^(?:[ \t]*\r?\n)+/,
      '',
    );
    const written = titlePattern.exec(rest)?.[1];
    if (written !== undefined && unescapeMarkdown(written) === title) return written;
  }
  return escapeHeading(title);
}

/**
 * A title as GitBook writes it in a `# Heading`: Markdown's special characters escaped where
 * they would otherwise mean something (emphasis, code, links, HTML, entities, a closing `#`).
 */
export function escapeHeading(title: string): string {
  return title
    .replace(/\\(?=[!-/:-@[-`{-~])/g, '\\\\')
    .replace(/[*`[~]/g, '\\$&')
    .replace(/(?<![\p{L}\p{N}])_|_(?![\p{L}\p{N}])/gu, '\\_')
    .replace(/<(?=[A-Za-z!/?]|[^\s<>@]*@)/g, '\\<')
    .replace(/&(?=#?[A-Za-z0-9]+;)/g, '\\&')
    .replace(/(^|[ \t])#+$/, (closing) => closing.replace('#', '\\#'));
}

/**
 * The page fields a frontmatter sets. Its `vars` are read as written (`3.10` stays text); ones
 * that are no map of variables are refused, unless not `strict` (a file being written over).
 */
function fieldsOf(yaml: string, path: string, { strict }: { strict: boolean }): PageFileFields {
  let parsed: unknown;
  try {
    parsed = parseDocument(yaml).toJS();
  } catch {
    return {};
  }
  if (typeof parsed !== 'object' || parsed === null) return {};
  const values = parsed as Record<string, unknown>;
  const fields: PageFileFields = {};
  for (const key of stringFields) {
    const value = values[key];
    if (typeof value === 'string' && value.trim() !== '') fields[key] = value.trim();
  }
  for (const key of flagFields) if (values[key] === true) fields[key] = true;
  const variables = readFrontmatterVariables(yaml, path, { strict });
  if (variables !== undefined) fields.variables = variables;
  return fields;
}

/**
 * Reads a reusable content's file as GitBook writes it: its title in the frontmatter (else its
 * file's name), then its body.
 */
export function readIncludeFile(text: string, name: string): { title: string; body: string } {
  const frontmatter = frontmatterPattern.exec(text);
  let title: unknown;
  try {
    title = frontmatter === null ? undefined : parseDocument(frontmatter[1] ?? '').get('title');
  } catch {
    title = undefined;
  }
  const body = (frontmatter === null ? text : text.slice(frontmatter[0].length)).replace(
    /^(?:[ \t]*\r?\n)+/,
    '',
  );
  return { title: typeof title === 'string' && title.trim() !== '' ? title.trim() : name, body };
}

/**
 * Writes a reusable content's file: the frontmatter of `previous` with its title set anew when
 * it changed (else as it was; `title:` alone for a new file), then the body.
 */
export function writeIncludeFile(
  include: { title: string; body: string },
  previous: string | undefined,
): string {
  const frontmatter = previous === undefined ? null : frontmatterPattern.exec(previous);
  const document = parseDocument(frontmatter?.[1] ?? '');
  if (document.get('title') !== include.title) document.set('title', include.title);
  const yaml = document.toString({ lineWidth: 0 }).replace(/\n$/, '');
  const unchanged =
    frontmatter !== null && document.get('title') === readTitle(frontmatter[1] ?? '');
  const head = unchanged ? `---\n${frontmatter?.[1] ?? ''}\n---\n\n` : `---\n${yaml}\n---\n\n`;
  return `${head}${include.body}`;
}

function readTitle(yaml: string): unknown {
  try {
    return parseDocument(yaml).get('title');
  } catch {
    return undefined;
  }
}
