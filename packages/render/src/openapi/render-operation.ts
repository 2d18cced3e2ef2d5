import { markdownToDocument } from '@quire/document';
import type { Element, ElementContent } from 'hast';
import { h } from 'hastscript';
import { renderBlocks } from '../blocks/index.js';
import { classToken } from '../class-names.js';
import type { RenderContext } from '../context.js';
import { findSchema, type ShownOperation, type ShownSchema, schemaAt } from './operation.js';
import { isSpecObject, type OpenAPISpec, type SpecObject } from './spec.js';

/** What a table cell holds. */
type Cell = (ElementContent | string)[];

/**
 * An operation as a reader sees it in a page: method and path, summary and description, the
 * base URL, then its parameters, request body and responses, each a table.
 */
export function renderOperation(
  spec: OpenAPISpec,
  operation: ShownOperation,
  context: RenderContext,
): Element {
  const method = operation.method.toLowerCase();
  return h(
    'section',
    {
      className: ['openapi', 'openapi-operation'],
      ariaLabel: `${operation.method} ${operation.path}`,
    },
    [
      h('p', { className: ['openapi-endpoint'] }, [
        h(
          'span',
          { className: ['openapi-method', `openapi-method-${classToken(method)}`] },
          operation.method,
        ),
        ' ',
        h('code', operation.path),
        operation.deprecated
          ? [' ', h('span', { className: ['openapi-deprecated'] }, 'Deprecated')]
          : [],
      ]),
      operation.summary === undefined
        ? []
        : h('p', { className: ['openapi-title'] }, h('strong', operation.summary)),
      description(operation.description, context),
      operation.server === undefined
        ? []
        : h('p', { className: ['openapi-server'] }, ['Base URL: ', h('code', operation.server)]),
      operation.parameters.length === 0
        ? []
        : table(
            'Parameters',
            ['Name', 'In', 'Type', 'Description'],
            operation.parameters.map((parameter) => [
              nameCell(parameter.name, parameter.required),
              [parameter.in],
              [typeLabel(parameter.schema?.written)],
              description(parameter.description, context),
            ]),
          ),
      operation.requestBody === undefined
        ? []
        : schemaTable(
            spec,
            `Request body (${operation.requestBody.mediaType}${operation.requestBody.required ? ', required' : ''})`,
            operation.requestBody.schema,
            context,
          ),
      operation.responses.length === 0
        ? []
        : table(
            'Responses',
            ['Status', 'Description', 'Body'],
            operation.responses.map((response) => [
              [h('code', response.status)],
              description(response.description, context),
              response.schema === undefined ? [] : [typeLabel(response.schema.written)],
            ]),
          ),
    ].flat(),
  );
}

/** The schemas an `openapi-schemas` block names, each as a table of its properties. */
export function renderSchemas(spec: OpenAPISpec, names: string[], context: RenderContext): Element {
  return h(
    'section',
    { className: ['openapi', 'openapi-schemas'], ariaLabel: `Schemas ${names.join(', ')}` },
    names.flatMap((name) => {
      const shown = findSchema(spec, name);
      return shown === undefined ? [] : schemaTable(spec, name, shown, context);
    }),
  );
}

/** A schema's properties as a table (`Name`, `Type`, `Description`), or its type alone. */
function schemaTable(
  spec: OpenAPISpec,
  caption: string,
  shown: ShownSchema | undefined,
  context: RenderContext,
): Element[] {
  if (shown === undefined) return [];
  const properties = propertiesOf(spec, shown);
  if (properties.length === 0) {
    return [
      h('p', { className: ['openapi-body'] }, [
        h('strong', caption),
        ': ',
        typeLabel(shown.written),
      ]),
    ];
  }
  return [
    table(
      caption,
      ['Name', 'Type', 'Description'],
      properties.map((property) => [
        nameCell(property.name, property.required),
        [typeLabel(property.schema)],
        description(
          isSpecObject(property.resolved) && typeof property.resolved.description === 'string'
            ? property.resolved.description
            : undefined,
          context,
        ),
      ]),
    ),
  ];
}

interface Property {
  name: string;
  required: boolean;
  /** The property's schema as written (a `$ref` names its type). */
  schema: unknown;
  resolved: unknown;
  file: string | undefined;
}

/** The properties of an object schema, those of every `allOf` part included. */
function propertiesOf(spec: OpenAPISpec, shown: ShownSchema, depth = 0): Property[] {
  const { schema, file } = shown;
  const parts = Array.isArray(schema.allOf) && depth < 8 ? schema.allOf : [];
  const fromParts = parts.flatMap((part) => {
    const found = schemaAt(spec, part, file);
    return found === undefined ? [] : propertiesOf(spec, found, depth + 1);
  });
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  const own = isSpecObject(schema.properties)
    ? Object.entries(schema.properties).map(([name, value]) => ({
        name,
        required: required.has(name),
        schema: value,
        resolved: schemaAt(spec, value, file)?.schema,
        file,
      }))
    : [];
  return [...fromParts, ...own];
}

/** How a type reads in a table: `string (uuid)`, `array of Pet`, `Cat or Dog`. */
function typeLabel(value: unknown, depth = 0): string {
  if (!isSpecObject(value) || depth > 4) return '';
  if (typeof value.$ref === 'string')
    return (
      value.$ref
        .split('/')
        .pop()
        ?.replace(/\.(ya?ml|json)$/, '') ?? ''
    );
  for (const keyword of ['oneOf', 'anyOf'] as const) {
    const options = value[keyword];
    if (Array.isArray(options))
      return options.map((option) => typeLabel(option, depth + 1)).join(' or ');
  }
  const type = Array.isArray(value.type)
    ? value.type.join(' | ')
    : typeof value.type === 'string'
      ? value.type
      : isSpecObject(value.properties)
        ? 'object'
        : '';
  if (type === 'array') return `array of ${typeLabel(value.items, depth + 1) || 'any'}`;
  const format = typeof value.format === 'string' ? ` (${value.format})` : '';
  const values = Array.isArray(value.enum)
    ? `: ${value.enum.map((item) => JSON.stringify(item)).join(', ')}`
    : '';
  return `${type}${format}${values}`;
}

function nameCell(name: string, required: boolean): Cell {
  return [
    h('code', name),
    required ? [' ', h('span', { className: ['openapi-required'] }, 'required')] : [],
  ].flat();
}

/** A description of the spec, CommonMark, rendered like page content (raw HTML sanitized). */
function description(markdown: string | undefined, context: RenderContext): ElementContent[] {
  if (markdown === undefined || markdown.trim() === '') return [];
  return renderBlocks(markdownToDocument(markdown).nodes, context);
}

function table(caption: string, columns: string[], rows: Cell[][]): Element {
  return h('table', { className: ['openapi-table'] }, [
    h('caption', caption),
    h(
      'thead',
      h(
        'tr',
        columns.map((column) => h('th', { scope: 'col' }, column)),
      ),
    ),
    h(
      'tbody',
      rows.map((cells) =>
        h(
          'tr',
          cells.map((cell) => h('td', cell)),
        ),
      ),
    ),
  ]);
}

export type { SpecObject };
