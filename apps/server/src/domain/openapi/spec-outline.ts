import { isRecord } from '../../is-record.js';
import { type HttpMethod, methods, RefReader, type SpecFilesystem } from './spec-operations.js';

/** A tag of a spec as a reference page shows it. */
export interface OutlineTag {
  name: string;
  description: string | undefined;
}

/** One operation of a spec: where it is, and the tags that list it. */
export interface OutlineOperation {
  method: HttpMethod;
  /** The path as the spec writes it. */
  path: string;
  tags: string[];
}

/** What computed reference pages are made of: a spec read for its pages, not its details. */
export interface SpecOutline {
  info: { title: string | undefined; version: string | undefined; description: string | undefined };
  /** Base URLs (`servers`, or Swagger 2's scheme, host and base path). */
  servers: string[];
  /** The tags the spec declares, in its order, then those only its operations name. */
  tags: OutlineTag[];
  /** Every operation, by path and then in the order of `methods`. */
  operations: OutlineOperation[];
  /** Names of the spec's schemas (`components.schemas`, or Swagger 2's `definitions`), sorted. */
  schemas: string[];
  /** Names of the spec's webhooks (OpenAPI 3.1). */
  webhooks: string[];
}

const text = (value: unknown) =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;

/**
 * Reads the outline of a version's spec from its entry file, path items that are `$ref`s to
 * other files followed.
 */
export function specOutline(filesystem: SpecFilesystem, entryPath: string): SpecOutline {
  const refs = new RefReader(filesystem);
  const entry = filesystem[entryPath];
  const document = isRecord(entry) ? entry : {};
  const info = isRecord(document.info) ? document.info : {};

  const operations: OutlineOperation[] = [];
  const paths = isRecord(document.paths) ? document.paths : {};
  // A version's files are kept as canonical JSON, whose keys are sorted: paths and schemas are
  // listed in name order, the same for every version whatever order the source wrote.
  for (const [path, itemOrRef] of Object.entries(paths).sort(byName)) {
    const item = refs.resolve(entryPath, itemOrRef).value;
    if (!isRecord(item)) continue;
    for (const method of methods) {
      const operation = item[method];
      if (!isRecord(operation)) continue;
      const tags = Array.isArray(operation.tags)
        ? operation.tags.filter((tag): tag is string => typeof tag === 'string')
        : [];
      operations.push({ method, path, tags });
    }
  }

  const tags = new Map<string, OutlineTag>();
  for (const tag of Array.isArray(document.tags) ? document.tags : []) {
    if (!isRecord(tag) || typeof tag.name !== 'string' || tags.has(tag.name)) continue;
    tags.set(tag.name, { name: tag.name, description: text(tag.description) });
  }
  for (const name of operations.flatMap((operation) => operation.tags)) {
    if (!tags.has(name)) tags.set(name, { name, description: undefined });
  }

  const components = isRecord(document.components) ? document.components : {};
  const schemas = isRecord(components.schemas) ? components.schemas : document.definitions;
  return {
    info: {
      title: text(info.title),
      version: text(info.version),
      description: text(info.description),
    },
    servers: serversOf(document),
    tags: [...tags.values()],
    operations,
    schemas: isRecord(schemas) ? Object.keys(schemas).sort() : [],
    webhooks: isRecord(document.webhooks) ? Object.keys(document.webhooks).sort() : [],
  };
}

const byName = ([a]: [string, unknown], [b]: [string, unknown]) => (a < b ? -1 : a > b ? 1 : 0);

function serversOf(document: Record<string, unknown>): string[] {
  if (Array.isArray(document.servers)) {
    return document.servers.flatMap((server) =>
      isRecord(server) && typeof server.url === 'string' ? [server.url] : [],
    );
  }
  if (typeof document.host !== 'string') return [];
  const basePath = typeof document.basePath === 'string' ? document.basePath : '';
  const schemes = Array.isArray(document.schemes) ? document.schemes : ['https'];
  return schemes
    .filter((scheme): scheme is string => typeof scheme === 'string')
    .map((scheme) => `${scheme}://${document.host}${basePath}`);
}
