import type { components } from '@quire/contract';
import { loadOpenApiDocument } from '@quire/contract';
import { type Document, fromGitBookDocument, GitBookDocumentError } from '@quire/document';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { shorten, upstreamFailed } from '../../errors.js';
import { isRecord } from '../../is-record.js';
import type { SandboxAnswer } from '../../workers/integration-sandbox.js';

/** A page body as the contract's `JsonDocument`: what a computed source answers. */
export type JSONDocument = components['schemas']['JsonDocument'];

let jsonDocument: ValidateFunction<JSONDocument> | undefined;

/**
 * The document in a script's answer to `content_compute_document`, or a 502 saying what went
 * wrong: the script failed or was stopped, it answered an error status (`@gitbook/runtime`
 * answers `{error}` then), or its body is not `{document}` holding a document: the contract's
 * `JsonDocument`, whose blocks hold blocks, inlines and texts of leaves, as GitBook writes them;
 * it is answered read into the document model.
 */
export function documentOfAnswer(integrationName: string, answer: SandboxAnswer): Document {
  const failed = (reason: string) =>
    upstreamFailed(`The integration ${integrationName} could not compute the document: ${reason}`);
  if (!answer.ok) throw failed(answer.message);
  const body = parseJson(answer.body);
  if (answer.status < 200 || answer.status > 299) {
    const said = isRecord(body) && typeof body.error === 'string' ? `: ${body.error}` : '';
    throw failed(`its script answered ${answer.status}${shorten(said, 300)}`);
  }
  if (!isRecord(body) || !('document' in body)) {
    throw failed('its script did not answer a JSON object with a document');
  }
  jsonDocument ??= compileJsonDocument();
  const document = body.document;
  if (!jsonDocument(document)) {
    const [first] = jsonDocument.errors ?? [];
    throw failed(
      `its answer is not a document: document${first?.instancePath ?? ''} ${first?.message ?? 'is invalid'}`,
    );
  }
  const problem = nodesProblem(document.nodes, 'document.nodes', ['block']);
  if (problem !== undefined) throw failed(`its answer is not a document: ${problem}`);
  try {
    return fromGitBookDocument(document);
  } catch (error) {
    if (error instanceof GitBookDocumentError) {
      throw failed(`its answer is not a document Quire can hold: document.${error.message}`);
    }
    throw error;
  }
}

// The contract's schema, as requests are checked against it; it holds no references.
function compileJsonDocument(): ValidateFunction<JSONDocument> {
  const schema = loadOpenApiDocument().components.schemas?.JsonDocument;
  if (!isRecord(schema)) throw new Error('The contract has no JsonDocument schema');
  return new Ajv2020({ strict: false, allErrors: false }).compile<JSONDocument>(schema);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

type NodeKind = 'block' | 'inline' | 'text';

/** Nodes nest no deeper than request bodies may (64 levels): deeper answers are refused, not walked. */
const maxNodeDepth = 64;

/**
 * What is wrong with a list of nodes, if anything: each is one of `allowed`, blocks and
 * inlines have a string `type` and nodes of their own, texts have leaves of text.
 */
function nodesProblem(
  nodes: unknown,
  at: string,
  allowed: NodeKind[],
  depth = 1,
): string | undefined {
  if (depth > maxNodeDepth) return `its nodes nest deeper than ${maxNodeDepth} levels`;
  if (!Array.isArray(nodes)) return `${at} must be an array`;
  for (const [index, node] of nodes.entries()) {
    const here = `${at}[${index}]`;
    if (!isRecord(node) || !allowed.some((kind) => node.object === kind)) {
      return `${here} must be an object whose object is ${allowed.join(' or ')}`;
    }
    if (node.object === 'text') {
      const problem = leavesProblem(node.leaves, `${here}.leaves`);
      if (problem !== undefined) return problem;
      continue;
    }
    if (typeof node.type !== 'string' || node.type === '') {
      return `${here}.type must be a non-empty string`;
    }
    if (node.nodes === undefined) continue;
    const problem = nodesProblem(
      node.nodes,
      `${here}.nodes`,
      node.object === 'block' ? ['block', 'inline', 'text'] : ['inline', 'text'],
      depth + 1,
    );
    if (problem !== undefined) return problem;
  }
  return undefined;
}

function leavesProblem(leaves: unknown, at: string): string | undefined {
  if (!Array.isArray(leaves)) return `${at} must be an array`;
  for (const [index, leaf] of leaves.entries()) {
    if (!isRecord(leaf) || leaf.object !== 'leaf' || typeof leaf.text !== 'string') {
      return `${at}[${index}] must be a leaf with a text`;
    }
    if (leaf.marks !== undefined && !Array.isArray(leaf.marks)) {
      return `${at}[${index}].marks must be an array`;
    }
  }
  return undefined;
}
