import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Ajv2020 } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Document,
  fromGitBookDocument,
  GitBookDocumentError,
  markdownToDocument,
  toGitBookDocument,
} from '../src/index.js';
import { documentArbitrary } from './support/document-arbitrary.js';

const RUNS = Number(process.env.FC_RUNS ?? 150);

// GitBook's own schema of a JSON document, from the spec inside its published client.
const require = createRequire(import.meta.url);
const gitbookSpec = JSON.parse(
  readFileSync(require.resolve('@gitbook/api/spec/openapi.json'), 'utf8'),
) as { components: { schemas: Record<string, unknown> } };
const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
ajv.addSchema({ $id: 'gitbook', components: gitbookSpec.components });
const isGitBookDocument = ajv.compile({ $ref: 'gitbook#/components/schemas/JSONDocument' });

function gitbookProblems(document: Document): string {
  return isGitBookDocument(toGitBookDocument(document))
    ? ''
    : JSON.stringify(isGitBookDocument.errors?.slice(0, 3));
}

describe("GitBook's JSON document", () => {
  it('reads back every document it answers as that document', () => {
    fc.assert(
      fc.property(documentArbitrary, (document) => {
        const answered = JSON.parse(JSON.stringify(toGitBookDocument(document)));
        expect(fromGitBookDocument(answered)).toEqual(document);
      }),
      { numRuns: RUNS },
    );
    // As long as the round-trip properties may take: the run count is raised locally (FC_RUNS).
  }, 120_000);

  it("answers the blocks GitBook's renderer reads in GitBook's schema", () => {
    const markdown = [
      '# Install <a href="#setup" id="setup"></a>',
      '',
      'Run **quire** with [the guide](guide/setup.md#first) and `code`.',
      '',
      '```js title="a.js"',
      'const a = 1;',
      '```',
      '',
      '{% hint style="info" %}',
      'A hint.',
      '{% endhint %}',
      '',
      '| A | B |',
      '| :- | -: |',
      '| 1 | 2 |',
      '',
      '1. one',
      '2. two',
      '',
      '{% tabs %}',
      '{% tab title="First" %}',
      'In a tab.',
      '{% endtab %}',
      '{% endtabs %}',
      '',
      '<details>',
      '',
      '<summary>More</summary>',
      '',
      'Hidden text.',
      '',
      '</details>',
      '',
      '{% openapi-operation spec="petstore" path="/pets" method="get" %}',
      '[OpenAPI petstore](https://example.com/petstore.yaml)',
      '{% endopenapi-operation %}',
      '',
      '{% openapi-schemas spec="petstore" schemas="Pet,Owner" grouped="false" %}',
      '{% endopenapi-schemas %}',
      '',
      '{% openapi-webhook spec="petstore" name="newPet" method="post" %}',
      '{% endopenapi-webhook %}',
      '',
      '{% swagger src="https://example.com/petstore.yaml" path="/pets" method="get" %}',
      '{% endswagger %}',
      '',
      '{% embed url="https://example.com/video" %}',
      '',
      '$$',
      'x^2',
      '$$',
      '',
      '---',
      '',
      '> Quoted',
      '',
    ].join('\n');
    const document = markdownToDocument(markdown);
    expect(gitbookProblems(document)).toBe('');
    const nodes = toGitBookDocument(document).nodes;
    expect(nodes.map((node) => node.type)).toEqual([
      'heading-1',
      'paragraph',
      'code',
      'hint',
      'table',
      'list-ordered',
      'tabs',
      'expandable',
      'openapi-operation',
      'openapi-schemas',
      'openapi-webhook',
      'swagger',
      'embed',
      'math',
      'divider',
      'blockquote',
    ]);
    expect(nodes[0]?.data).toEqual({ id: 'setup' });
    expect(nodes[2]?.nodes?.[0]).toMatchObject({ type: 'code-line', data: {} });
    expect(nodes[8]?.data).toEqual({
      ref: { kind: 'openapi', spec: 'petstore' },
      path: '/pets',
      method: 'get',
    });
    expect(nodes[9]?.data).toEqual({
      ref: { kind: 'openapi', spec: 'petstore' },
      schemas: ['Pet', 'Owner'],
      grouped: false,
    });
    expect(nodes[4]?.data).toMatchObject({
      view: { type: 'grid', columns: ['c0', 'c1'], hideHeader: false },
      definition: {
        c0: { id: 'c0', title: 'A', type: 'text', textAlignment: 'left' },
        c1: { id: 'c1', title: 'B', type: 'text', textAlignment: 'right' },
      },
      records: { r0: { orderIndex: 'a00000', values: { c0: 'r0c0', c1: 'r0c1' } } },
    });
    expect(fromGitBookDocument(JSON.parse(JSON.stringify(toGitBookDocument(document))))).toEqual(
      document,
    );
  });

  it('reads a document written by a GitBook client, without Quire’s details', () => {
    const document = fromGitBookDocument({
      object: 'document',
      data: {},
      nodes: [
        {
          object: 'block',
          type: 'heading-2',
          data: { id: 'usage' },
          nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: 'Usage', marks: [] }] }],
        },
        {
          object: 'block',
          type: 'paragraph',
          nodes: [
            {
              object: 'inline',
              type: 'link',
              data: { ref: { kind: 'anchor', anchor: 'usage' } },
              nodes: [
                {
                  object: 'text',
                  leaves: [
                    { object: 'leaf', text: 'here', marks: [{ object: 'mark', type: 'bold' }] },
                  ],
                },
              ],
            },
          ],
        },
        {
          object: 'block',
          type: 'expandable',
          isVoid: true,
          data: { defaultExpanded: true },
          fragments: [
            {
              object: 'fragment',
              fragment: 'expandable-title',
              type: 'expandable-title',
              nodes: [
                {
                  object: 'block',
                  type: 'paragraph',
                  nodes: [
                    { object: 'text', leaves: [{ object: 'leaf', text: 'More', marks: [] }] },
                  ],
                },
              ],
            },
            {
              object: 'fragment',
              fragment: 'expandable-body',
              type: 'expandable-body',
              nodes: [{ object: 'block', type: 'divider', isVoid: true, data: {} }],
            },
          ],
        },
      ],
    });
    expect(document.nodes).toEqual([
      {
        object: 'block',
        type: 'heading-2',
        data: { anchor: 'usage' },
        nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: 'Usage', marks: [] }] }],
      },
      {
        object: 'block',
        type: 'paragraph',
        nodes: [
          {
            object: 'inline',
            type: 'link',
            data: { ref: { kind: 'anchor', anchor: 'usage' } },
            nodes: [
              {
                object: 'text',
                leaves: [
                  { object: 'leaf', text: 'here', marks: [{ object: 'mark', type: 'bold' }] },
                ],
              },
            ],
          },
        ],
      },
      {
        object: 'block',
        type: 'expandable',
        data: { title: 'More', open: true },
        nodes: [{ object: 'block', type: 'divider', isVoid: true }],
      },
    ]);
  });

  it('refuses a node Quire cannot hold, saying where it is', () => {
    expect(() =>
      fromGitBookDocument({
        object: 'document',
        data: {},
        nodes: [{ object: 'block', type: 'drawing', isVoid: true, data: {} }],
      }),
    ).toThrow(new GitBookDocumentError('is a drawing block, which Quire cannot hold', 'nodes.0'));
  });
});
