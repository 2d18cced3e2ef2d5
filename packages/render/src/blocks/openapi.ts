import type { OpenAPIBlock } from '@quire/document';
import type { Element } from 'hast';
import { h } from 'hastscript';
import type { RenderContext } from '../context.js';
import { findOperation } from '../openapi/operation.js';
import { renderOperation, renderSchemas } from '../openapi/render-operation.js';
import type { OpenAPIReference } from '../openapi/spec.js';
import { safeUrl } from '../urls.js';
import { renderBlocks } from './index.js';

/** What an OpenAPI block shows: the operation (`POST /widgets`) or the schemas it names. */
function subject(attributes: Record<string, string>): string | undefined {
  const { method, path, schemas } = attributes;
  if (path !== undefined) return method === undefined ? path : `${method.toUpperCase()} ${path}`;
  return schemas;
}

/** The spec an OpenAPI block names: one of the organization's, or a URL. */
export function openAPIReferenceOf(block: OpenAPIBlock): OpenAPIReference | undefined {
  const { spec, src } = block.data.attributes;
  if (spec !== undefined) return { spec };
  return src === undefined ? undefined : { src };
}

/**
 * An OpenAPI block: the operation or schemas it names, from its spec when the caller loaded it;
 * otherwise a note naming them, a link to the spec when its URL is known, and what GitBook wrote
 * inside the block.
 */
export function renderOpenAPI(block: OpenAPIBlock, context: RenderContext): Element {
  const { tag, attributes } = block.data;
  const reference = openAPIReferenceOf(block);
  const spec = reference === undefined ? undefined : context.options.resolveOpenAPISpec(reference);
  if (spec !== undefined) {
    if (tag === 'openapi-schemas' && attributes.schemas !== undefined) {
      const names = attributes.schemas
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean);
      return renderSchemas(spec, names, context);
    }
    const operation =
      attributes.path === undefined || attributes.method === undefined
        ? undefined
        : findOperation(spec, attributes.path, attributes.method);
    if (operation !== undefined) return renderOperation(spec, operation, context);
  }
  return renderUnresolved(block, context);
}

function renderUnresolved(block: OpenAPIBlock, context: RenderContext): Element {
  const { tag, attributes } = block.data;
  const specUrl =
    attributes.src !== undefined
      ? safeUrl(attributes.src)
      : attributes.spec === undefined
        ? undefined
        : context.options.resolveOpenAPISpecUrl(attributes.spec);
  const href = specUrl === undefined ? undefined : safeUrl(specUrl);
  const what = subject(attributes);
  return h('div', { className: ['openapi', 'openapi-unrendered'], dataOpenapiTag: tag }, [
    h('p', { className: ['openapi-summary'] }, [
      tag === 'openapi-schemas' ? 'OpenAPI schemas' : 'OpenAPI operation',
      what === undefined ? undefined : [' ', h('code', what)],
      href === undefined ? undefined : [' (', h('a', { href }, 'specification'), ')'],
    ]),
    ...renderBlocks(block.nodes, context),
  ]);
}
