import type { Document, OpenAPIBlock } from '@quire/document';
import { openAPIReferenceOf } from '../blocks/openapi.js';
import type { OpenAPIReference } from './spec.js';

/**
 * The specs the OpenAPI blocks of a document name, each once: what a caller loads before
 * rendering, so `resolveOpenAPISpec` can answer at once.
 */
export function openAPIReferences(document: Document): OpenAPIReference[] {
  const found = new Map<string, OpenAPIReference>();
  const visit = (nodes: readonly unknown[]) => {
    for (const node of nodes) {
      if (typeof node !== 'object' || node === null) continue;
      const block = node as { type?: unknown; nodes?: unknown };
      if (block.type === 'openapi') {
        const reference = openAPIReferenceOf(node as OpenAPIBlock);
        if (reference !== undefined) found.set(JSON.stringify(reference), reference);
      }
      if (Array.isArray(block.nodes)) visit(block.nodes);
    }
  };
  visit(document.nodes);
  return [...found.values()];
}
