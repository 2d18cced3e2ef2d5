import type { OpenAPIBlock } from '@quire/document';
import type { Element } from 'hast';
import { h } from 'hastscript';
import type { RenderContext } from '../context.js';
import { safeUrl } from '../urls.js';
import { renderBlocks } from './index.js';

/** What an OpenAPI block shows: the operation (`POST /widgets`) or the schemas it names. */
function subject(attributes: Record<string, string>): string | undefined {
  const { method, path, schemas } = attributes;
  if (path !== undefined) return method === undefined ? path : `${method.toUpperCase()} ${path}`;
  return schemas;
}

/**
 * An OpenAPI block, not yet rendered from its spec: a note naming the operation or schemas, a
 * link to the spec when its URL is known, and what GitBook wrote inside the block.
 */
export function renderOpenAPI(block: OpenAPIBlock, context: RenderContext): Element {
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
