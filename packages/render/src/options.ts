import type { Document } from '@quire/document';
import type { BundledTheme } from 'shiki/themes';
import type { OpenAPIReference, OpenAPISpec } from './openapi/spec.js';

/** The two themes code blocks are highlighted with; both are emitted as CSS variables. */
export interface CodeThemes {
  light: BundledTheme;
  dark: BundledTheme;
}

/** How a document is rendered: where its references point and which conditional content shows. */
export interface RenderOptions {
  /**
   * The URL of another page (`setup.md`, with its `#anchor` if any). Unresolved (the default):
   * the link's text is rendered without a link.
   */
  resolvePageUrl?: (page: string, anchor: string | undefined) => string | undefined;
  /**
   * The URL a file of the space is served at (`.gitbook/assets/guide.pdf`), for file blocks,
   * links to files and relative image sources. Default: the reference itself, as a relative URL.
   */
  resolveFileUrl?: (file: string) => string | undefined;
  /** The URL of an OpenAPI spec named by an OpenAPI block (`spec="petstore"`). Default: none. */
  resolveOpenAPISpecUrl?: (spec: string) => string | undefined;
  /**
   * The spec an OpenAPI block names, loaded by the caller beforehand (see `openAPIReferences`):
   * the block then shows the operation or schemas from it. Unresolved (the default): the block
   * names what it shows and links to the spec.
   */
  resolveOpenAPISpec?: (reference: OpenAPIReference) => OpenAPISpec | undefined;
  /**
   * The document a `{% include "…" %}` refers to, loaded by the caller beforehand. Unresolved
   * (the default): nothing is rendered in its place.
   */
  resolveReusableContent?: (reference: string) => Document | undefined;
  /**
   * The value an expression in text stands for (`space.vars.version`, `page.vars.os`; see `variableValues`).
   * Unresolved (the default): the expression is shown as code.
   */
  resolveExpression?: (expression: string) => string | undefined;
  /** Whether a conditional block (`{% if … %}`) is shown, given its condition. Default: shown. */
  showCondition?: (condition: string) => boolean;
  /** Shiki themes for code blocks. Default: `github-light` and `github-dark`. */
  codeThemes?: CodeThemes;
}

/** Options with every default filled in. */
export type ResolvedRenderOptions = Required<RenderOptions>;

/** Fills in the defaults of `RenderOptions`. */
export function resolveRenderOptions(options: RenderOptions): ResolvedRenderOptions {
  return {
    resolvePageUrl: options.resolvePageUrl ?? (() => undefined),
    resolveFileUrl: options.resolveFileUrl ?? ((file) => file),
    resolveOpenAPISpecUrl: options.resolveOpenAPISpecUrl ?? (() => undefined),
    resolveOpenAPISpec: options.resolveOpenAPISpec ?? (() => undefined),
    resolveReusableContent: options.resolveReusableContent ?? (() => undefined),
    resolveExpression: options.resolveExpression ?? (() => undefined),
    showCondition: options.showCondition ?? (() => true),
    codeThemes: options.codeThemes ?? { light: 'github-light', dark: 'github-dark' },
  };
}
