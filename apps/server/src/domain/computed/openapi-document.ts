import type { components } from '@quire/contract';
import type { Block, Document, OpenAPIBlock } from '@quire/document';
import { conflict, invalid, shorten } from '../../errors.js';
import { findOpenApiSpecBySlug, findOpenApiSpecVersion } from '../../store/openapi-specs.js';
import { type SpecOutline, specOutline } from '../openapi/spec-outline.js';
import { readVersionFilesystem } from '../openapi/spec-versions.js';
import type { ComputeDocumentServices, ComputedDocumentHandler } from './compute-document.js';

type Source = components['schemas']['ComputedContentSourceDocumentOpenAPI'];
type Props = Source['props'];

/**
 * The page `props.doc` names, from the latest version of the organization's OpenAPI spec the
 * source depends on: OpenAPI blocks that name the spec by its slug (the renderer draws each
 * operation and schema from it), with the spec's descriptions read as Markdown around them.
 */
export const openApiDocument: ComputedDocumentHandler<Source> = async (
  services,
  { organizationId, source },
) => {
  const slug = source.dependencies.spec.ref.spec;
  const spec = await findOpenApiSpecBySlug(services.db, organizationId, slug);
  if (spec === undefined) {
    throw invalid(
      `body.source.dependencies.spec.ref.spec: the organization has no OpenAPI spec ${shorten(slug, 100)}`,
    );
  }
  const version =
    spec.lastVersionId === null
      ? undefined
      : await findOpenApiSpecVersion(services.db, spec.id, spec.lastVersionId);
  if (version === undefined) {
    throw conflict(`OpenAPI spec ${slug} has no version yet: its source has not been processed`);
  }
  const outline = specOutline(
    await readVersionFilesystem(services.blobs, version),
    version.entryPath,
  );
  return {
    object: 'document',
    data: { schemaVersion: 1 },
    nodes: await pageBlocks(services, slug, outline, source.props),
  };
};

async function pageBlocks(
  services: ComputeDocumentServices,
  slug: string,
  outline: SpecOutline,
  props: Props,
): Promise<Block[]> {
  switch (props.doc) {
    case 'models':
      return outline.schemas.map((name) =>
        openApiBlock('openapi-schemas', { spec: slug, schemas: name }),
      );
    case 'info':
      return infoBlocks(services, outline);
    case 'tag':
      return markdownBlocks(services, tagOf(outline, slug, props.page).description);
    case 'operations': {
      const tag = tagOf(outline, slug, props.page);
      return [
        ...(await markdownBlocks(services, tag.description)),
        ...outline.operations
          .filter((operation) => operation.tags.includes(tag.name))
          .map(({ path, method }) =>
            openApiBlock('openapi-operation', { spec: slug, path, method }),
          ),
      ];
    }
    case 'operation':
      return [operationBlock(outline, slug, props.page, props.method)];
  }
}

function tagOf(outline: SpecOutline, slug: string, name: string) {
  const tag = outline.tags.find((candidate) => candidate.name === name);
  if (tag === undefined) {
    throw invalid(`body.source.props.page: OpenAPI spec ${slug} has no tag ${shorten(name, 100)}`);
  }
  return tag;
}

function operationBlock(outline: SpecOutline, slug: string, path: string, method: string): Block {
  if (method === 'hook') {
    // Quire's documents have no block for webhooks, so no page can show one.
    throw invalid(
      'body.source.props.method: hook: webhooks of OpenAPI specs have no block in Quire documents',
    );
  }
  const found = outline.operations.find(
    (operation) => operation.path === path && operation.method === method,
  );
  if (found === undefined) {
    throw invalid(
      `body.source.props.page: OpenAPI spec ${slug} has no operation ${method.toUpperCase()} ${shorten(path, 200)}`,
    );
  }
  return openApiBlock('openapi-operation', { spec: slug, path: found.path, method });
}

/** The spec's description, then its version and servers. */
async function infoBlocks(
  services: ComputeDocumentServices,
  outline: SpecOutline,
): Promise<Block[]> {
  const { version, description } = outline.info;
  const facts = [
    version === undefined ? '' : `Version: ${codeSpan(version)}`,
    outline.servers.length === 0
      ? ''
      : ['## Servers', '', ...outline.servers.map((url) => `* ${codeSpan(url)}`)].join('\n'),
  ].filter((part) => part !== '');
  return [
    ...(await markdownBlocks(services, description)),
    // Apart from the description: a fence it leaves open must not swallow them.
    ...(await markdownBlocks(services, facts.join('\n\n'))),
  ];
}

async function markdownBlocks(
  services: ComputeDocumentServices,
  markdown: string | undefined,
): Promise<Block[]> {
  if (markdown === undefined || markdown.trim() === '') return [];
  const { document }: { document: Document } = await services.fromMarkdown(markdown);
  return document.nodes;
}

function openApiBlock(
  tag: 'openapi-operation' | 'openapi-schemas',
  attributes: Record<string, string>,
): OpenAPIBlock {
  return { object: 'block', type: 'openapi', data: { tag, attributes }, nodes: [] };
}

/** A value as inline code, fenced with more backticks than it holds. */
function codeSpan(value: string): string {
  const longest = Math.max(0, ...(value.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  const pad = value.startsWith('`') || value.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${value}${pad}${fence}`;
}
