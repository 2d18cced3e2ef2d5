import { parse } from 'yaml';
import { shorten } from '../../errors.js';
import { isRecord } from '../../is-record.js';
import { fetchOutbound } from '../../outbound/fetch-outbound.js';
import { OutboundError, quoteUrl } from '../../outbound/outbound-error.js';
import type { SpecSource } from '../../store/openapi-specs.js';
import { processingFailure } from './spec-processing-error.js';

/** One file of a spec: where it came from, its text, and what it parses to. */
export interface SpecFile {
  /** The absolute URL it was read from (a made-up one for a spec given as text). */
  url: string;
  text: string;
  parsed: Record<string, unknown>;
}

/** The files of a spec, by their path on the source's origin; the entry file is at `entryUrl`. */
export interface SpecFiles {
  entryUrl: string;
  /** Path (with any query) on the origin → file. */
  files: Map<string, SpecFile>;
}

/** How the files of a spec are fetched. */
export interface SpecFetchOptions {
  /** Lets fetches reach private and loopback addresses (`OUTBOUND_ALLOW_PRIVATE`). */
  allowPrivate: boolean;
  /** Time for each fetch, in milliseconds. */
  timeoutMs: number;
  /** Largest file, in bytes. */
  maxBytes: number;
}

/** The most files a spec may have; more is a `FETCH_ERROR`. */
export const maxSpecFiles = 200;

/**
 * Where a spec given as text is said to be. Nothing is ever fetched from it: relative `$ref`s in
 * such a spec have no origin to be read from, so they stay unresolved (a `PARSE_ERROR`).
 */
export const textSpecUrl = 'https://openapi.invalid/openapi.yaml';

/**
 * Reads the files of a spec: the text given, or the file at the URL and every file it references
 * by `$ref` on the same origin, relative or absolute, followed from file to file; each fetched
 * through the outbound guard. A file that can't be fetched or answers outside 2xx is a
 * `FETCH_ERROR`, a fetch that takes too long a `FETCH_TIMEOUT`, a file that is not a YAML or JSON
 * object a `PARSE_ERROR`. References to other origins are not followed (they are reported by
 * validation).
 */
export async function readSpecFiles(
  source: SpecSource,
  options: SpecFetchOptions,
): Promise<SpecFiles> {
  if ('text' in source) {
    const url = new URL(textSpecUrl);
    return {
      entryUrl: url.href,
      files: new Map([[pathOf(url), parsedFile(url.href, source.text)]]),
    };
  }
  const entry = new URL(source.url);
  const files = new Map<string, SpecFile>();
  const queue: URL[] = [entry];
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    const path = pathOf(next);
    if (files.has(path)) continue;
    if (files.size >= maxSpecFiles) {
      throw processingFailure('FETCH_ERROR', `The spec has more than ${maxSpecFiles} files`);
    }
    const file = parsedFile(next.href, await fetchText(next.href, options));
    files.set(path, file);
    for (const reference of referencedFiles(file.parsed, next)) {
      if (reference.origin === entry.origin && !files.has(pathOf(reference))) queue.push(reference);
    }
  }
  return { entryUrl: entry.href, files };
}

/** The path (and query) of a URL: a file's name in a spec's filesystem. */
export function pathOf(url: URL): string {
  return `${url.pathname}${url.search}`;
}

async function fetchText(url: string, options: SpecFetchOptions): Promise<string> {
  try {
    const response = await fetchOutbound(url, options);
    if (response.status < 200 || response.status > 299) {
      throw processingFailure('FETCH_ERROR', `${quoteUrl(url)} answered ${response.status}`);
    }
    return response.body.toString('utf8');
  } catch (error) {
    if (!(error instanceof OutboundError)) throw error;
    throw processingFailure(
      error.code === 'timeout' ? 'FETCH_TIMEOUT' : 'FETCH_ERROR',
      error.message,
    );
  }
}

function parsedFile(url: string, text: string): SpecFile {
  let parsed: unknown;
  try {
    parsed = parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw processingFailure(
      'PARSE_ERROR',
      `${quoteUrl(url)} is not YAML or JSON: ${shorten(reason, 300)}`,
    );
  }
  if (!isRecord(parsed)) {
    throw processingFailure('PARSE_ERROR', `${quoteUrl(url)} is not a YAML or JSON object`);
  }
  return { url, text, parsed };
}

/** The files a parsed file references by `$ref`, resolved against its URL, without fragments. */
function referencedFiles(parsed: unknown, base: URL): URL[] {
  const found = new Map<string, URL>();
  for (const location of fileReferences(parsed)) {
    if (!URL.canParse(location, base.href)) continue;
    const target = new URL(location, base);
    if (target.protocol === 'http:' || target.protocol === 'https:') found.set(target.href, target);
  }
  return [...found.values()];
}

/** The other files a parsed file's `$ref`s name, each once, as written (without fragments). */
export function fileReferences(parsed: unknown): string[] {
  const found = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const item of node) visit(item);
      return;
    }
    if (!isRecord(node)) return;
    const ref = node.$ref;
    if (typeof ref === 'string') {
      const [location = ''] = ref.split('#', 1);
      if (location !== '') found.add(location);
    }
    for (const value of Object.values(node)) visit(value);
  };
  visit(parsed);
  return [...found];
}
