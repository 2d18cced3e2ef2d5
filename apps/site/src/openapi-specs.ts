import { QuireApiError, type QuireClient } from '@quire/client';
import type { OpenAPIReference, OpenAPISpec } from '@quire/render';

type SpecObject = OpenAPISpec['document'];

/**
 * The latest version of each of the organization's specs a page's OpenAPI blocks name, read as
 * the reader, by slug; a spec without a version (or gone) is left out, and its blocks name what
 * they show instead. Blocks naming a URL are not fetched: the site reads only through the API.
 */
export async function readOpenAPISpecs(
  reader: QuireClient,
  organizationId: string,
  references: readonly OpenAPIReference[],
): Promise<Map<string, OpenAPISpec>> {
  const slugs = references.flatMap((reference) => ('spec' in reference ? [reference.spec] : []));
  const specs = new Map<string, OpenAPISpec>();
  await Promise.all(
    slugs.map(async (specSlug) => {
      const content = await missingAsUndefined(
        reader.GET('/orgs/{organizationId}/openapi/{specSlug}/versions/latest/content', {
          params: { path: { organizationId, specSlug } },
        }),
      );
      const spec = content === undefined ? undefined : specOf(content);
      if (spec !== undefined) specs.set(specSlug, spec);
    }),
  );
  return specs;
}

/**
 * What the latest version of each spec is, in the order given (`-` for one without any): a page
 * showing operations of these specs is the same while these are.
 */
export async function latestSpecVersions(
  reader: QuireClient,
  organizationId: string,
  slugs: readonly string[],
): Promise<string[]> {
  return Promise.all(
    slugs.map(async (specSlug) => {
      const version = await missingAsUndefined(
        reader.GET('/orgs/{organizationId}/openapi/{specSlug}/versions/latest', {
          params: { path: { organizationId, specSlug } },
        }),
      );
      return version?.id ?? '-';
    }),
  );
}

/**
 * A version's files as the renderer reads them: the entry file, and every file by its path on the
 * source's origin, which is what the `$ref`s between them resolve to.
 */
function specOf(content: {
  filesystem: { filename: string; isEntrypoint: boolean; specification: unknown }[];
  url: string;
}) {
  const files: Record<string, SpecObject> = {};
  let entry: string | undefined;
  for (const file of content.filesystem) {
    if (!isObject(file.specification)) continue;
    const path = new URL(file.filename, content.url).pathname;
    files[path] = file.specification;
    if (file.isEntrypoint) entry = path;
  }
  const document = entry === undefined ? undefined : files[entry];
  if (entry === undefined || document === undefined) return undefined;
  return { document, entry, files };
}

function isObject(value: unknown): value is SpecObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

async function missingAsUndefined<T>(read: Promise<T>): Promise<T | undefined> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof QuireApiError && error.status === 404) return undefined;
    throw error;
  }
}
