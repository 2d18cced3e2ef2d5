import { markdownToDocument } from '@quire/document';
import { select, selectAll } from 'hast-util-select';
import { toString as textOf } from 'hast-util-to-string';
import { describe, expect, it } from 'vitest';
import { type OpenAPISpec, openAPIReferences } from '../src/index.js';
import { lines, renderAndParse } from './support/html.js';

// A 3.1 spec whose request body and pets live in another file, as a multi-file spec is kept.
const petstore: OpenAPISpec = {
  document: {
    openapi: '3.1.0',
    info: { title: 'Pets', version: '1' },
    servers: [{ url: 'https://api.example.org/v1' }],
    paths: {
      '/pets/{petId}': {
        parameters: [{ $ref: '#/components/parameters/petId' }],
        get: {
          summary: 'Get a pet',
          description: 'Answers the pet **by its id**. <script>alert(1)</script>',
          parameters: [
            { name: 'fields', in: 'query', schema: { type: 'array', items: { type: 'string' } } },
          ],
          responses: {
            '200': {
              description: 'The pet.',
              content: { 'application/json': { schema: { $ref: 'pets.yaml#/Pet' } } },
            },
            '404': { $ref: '#/components/responses/NotFound' },
          },
        },
      },
      '/pets': {
        post: {
          summary: 'Add a pet',
          deprecated: true,
          requestBody: {
            required: true,
            content: { 'application/json': { schema: { $ref: '../specs/pets.yaml#/NewPet' } } },
          },
          responses: { '201': { description: 'Added.' } },
        },
      },
    },
    components: {
      parameters: {
        petId: {
          name: 'petId',
          in: 'path',
          required: true,
          schema: { type: 'string', format: 'uuid' },
        },
      },
      responses: { NotFound: { description: 'No such pet.' } },
      schemas: { Error: { type: 'object', properties: { message: { type: 'string' } } } },
    },
  },
  entry: '/specs/api.yaml',
  files: {
    '/specs/pets.yaml': {
      Pet: {
        allOf: [
          { $ref: '#/NewPet' },
          { type: 'object', required: ['id'], properties: { id: { type: 'string' } } },
        ],
      },
      NewPet: {
        type: 'object',
        required: ['name'],
        properties: {
          name: { type: 'string', description: 'What the pet answers to.' },
          kind: { type: 'string', enum: ['cat', 'dog'] },
          tags: { type: 'array', items: { $ref: '#/Tag' } },
        },
      },
      Tag: { type: 'object', properties: { label: { type: 'string' } } },
    },
  },
};

const swagger: OpenAPISpec = {
  document: {
    swagger: '2.0',
    host: 'legacy.example.org',
    basePath: '/api',
    schemes: ['https'],
    paths: {
      '/orders': {
        post: {
          summary: 'Place an order',
          parameters: [
            { name: 'dryRun', in: 'query', type: 'boolean' },
            { name: 'order', in: 'body', required: true, schema: { $ref: '#/definitions/Order' } },
          ],
          responses: { '200': { description: 'Placed.', schema: { $ref: '#/definitions/Order' } } },
        },
      },
    },
    definitions: {
      Order: {
        type: 'object',
        required: ['quantity'],
        properties: { quantity: { type: 'integer', format: 'int32' } },
      },
    },
  },
};

const specs = (reference: { spec: string } | { src: string }) =>
  'spec' in reference
    ? reference.spec === 'petstore'
      ? petstore
      : undefined
    : reference.src === 'https://legacy.example.org/swagger.json'
      ? swagger
      : undefined;

describe('OpenAPI blocks', () => {
  it('show the operation from the spec: parameters, body and responses, refs followed across files', async () => {
    const { tree, html } = await renderAndParse(
      markdownToDocument(
        lines(
          '{% openapi-operation spec="petstore" path="/pets/{petId}" method="get" %}',
          '[Pets](https://api.example.org/openapi.yaml)',
          '{% endopenapi-operation %}',
        ),
      ),
      { resolveOpenAPISpec: specs },
    );
    const section = select('section.openapi-operation', tree);
    expect(textOf(select('.openapi-endpoint', tree) ?? tree)).toBe('GET /pets/{petId}');
    expect(select('.openapi-method-get', tree)).not.toBeNull();
    expect(textOf(select('.openapi-title', tree) ?? tree)).toBe('Get a pet');
    expect(html).toContain('<strong>by its id</strong>');
    expect(html).not.toContain('<script');
    expect(textOf(select('.openapi-server', tree) ?? tree)).toBe(
      'Base URL: https://api.example.org/v1',
    );
    const tables = selectAll('table', section ?? tree);
    expect(tables.map((table) => textOf(select('caption', table) ?? table))).toEqual([
      'Parameters',
      'Responses',
    ]);
    const rows = (index: number) =>
      selectAll('tbody tr', tables[index] ?? tree).map((row) =>
        selectAll('td', row).map((cell) => textOf(cell).trim()),
      );
    expect(rows(0)).toEqual([
      ['petId required', 'path', 'string (uuid)', ''],
      ['fields', 'query', 'array of string', ''],
    ]);
    expect(rows(1)).toEqual([
      ['200', 'The pet.', 'Pet'],
      ['404', 'No such pet.', ''],
    ]);
  });

  it('show a request body as the table of its properties, and a deprecated operation as such', async () => {
    const { tree } = await renderAndParse(
      markdownToDocument(
        lines(
          '{% openapi-operation spec="petstore" path="/pets" method="post" %}',
          '{% endopenapi-operation %}',
        ),
      ),
      { resolveOpenAPISpec: specs },
    );
    expect(select('.openapi-deprecated', tree)).not.toBeNull();
    const body = selectAll('table', tree)[0];
    expect(textOf(select('caption', body ?? tree) ?? tree)).toBe(
      'Request body (application/json, required)',
    );
    expect(
      selectAll('tbody tr', body ?? tree).map((row) =>
        selectAll('td', row).map((cell) => textOf(cell).trim()),
      ),
    ).toEqual([
      ['name required', 'string', 'What the pet answers to.'],
      ['kind', 'string: "cat", "dog"', ''],
      ['tags', 'array of Tag', ''],
    ]);
  });

  it('read Swagger 2.0: the body parameter is the request body, the host the base URL', async () => {
    const { tree } = await renderAndParse(
      markdownToDocument(
        lines(
          '{% openapi src="https://legacy.example.org/swagger.json" path="/orders" method="post" %}',
          '{% endopenapi %}',
        ),
      ),
      { resolveOpenAPISpec: specs },
    );
    expect(textOf(select('.openapi-server', tree) ?? tree)).toBe(
      'Base URL: https://legacy.example.org/api',
    );
    const captions = selectAll('caption', tree).map((caption) => textOf(caption));
    expect(captions).toEqual([
      'Parameters',
      'Request body (application/json, required)',
      'Responses',
    ]);
    expect(textOf(selectAll('table', tree)[1] ?? tree)).toContain('integer (int32)');
  });

  it('show the schemas an openapi-schemas block names', async () => {
    const { tree } = await renderAndParse(
      markdownToDocument(
        lines('{% openapi-schemas spec="petstore" schemas="Error" %}', '{% endopenapi-schemas %}'),
      ),
      { resolveOpenAPISpec: specs },
    );
    expect(textOf(select('section.openapi-schemas caption', tree) ?? tree)).toBe('Error');
  });

  it('name what they show, and link the spec, when the spec or the operation is not found', async () => {
    const { tree } = await renderAndParse(
      markdownToDocument(
        lines(
          '{% openapi-operation spec="petstore" path="/nowhere" method="get" %}',
          '{% endopenapi-operation %}',
          '',
          '{% openapi-operation spec="unknown" path="/pets" method="get" %}',
          '{% endopenapi-operation %}',
        ),
      ),
      { resolveOpenAPISpec: specs },
    );
    expect(selectAll('.openapi-unrendered', tree)).toHaveLength(2);
  });

  it('are listed by the specs they name, each once, for the caller to load', () => {
    const document = markdownToDocument(
      lines(
        '{% openapi-operation spec="petstore" path="/pets" method="post" %}',
        '{% endopenapi-operation %}',
        '',
        '{% hint style="info" %}',
        '{% openapi-operation spec="petstore" path="/pets/{petId}" method="get" %}',
        '{% endopenapi-operation %}',
        '{% endhint %}',
        '',
        '{% openapi src="https://legacy.example.org/swagger.json" path="/orders" method="post" %}',
        '{% endopenapi %}',
      ),
    );
    expect(openAPIReferences(document)).toEqual([
      { spec: 'petstore' },
      { src: 'https://legacy.example.org/swagger.json' },
    ]);
  });
});
