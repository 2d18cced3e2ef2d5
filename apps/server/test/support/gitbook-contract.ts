import { createRequire } from 'node:module';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

const require = createRequire(import.meta.url);

interface GitBookDocument {
  paths: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
}

/**
 * The spec inside GitBook's published client, as its clients expect answers to be, with two
 * faults of the spec put right where GitBook's own answers and renderer disagree with it:
 * - a page of a revision (`RevisionPageDocument`) is all of `Document` and more, and one of
 *   `Document`'s forms ("Empty") allows no property at all, so no page without a body, as
 *   revisions list them, could pass: "Empty" is read as what it means, neither body;
 * - an OpenAPI spec's `filesystem` is said to be an object, where the renderer reads, and
 *   GitBook answers, a list of files (`@gitbook/openapi-parser`'s `Filesystem`).
 */
const gitbook: GitBookDocument = putRight(
  structuredClone(require('@gitbook/api/spec/openapi.json')),
);

type Schema = {
  title?: string;
  additionalProperties?: unknown;
  not?: unknown;
  oneOf?: Schema[];
  properties?: Record<string, unknown>;
};

function putRight(spec: GitBookDocument & { components: { schemas: Record<string, Schema> } }) {
  const { Document: document, OpenAPISpecContent: content } = spec.components.schemas;
  const empty = document?.oneOf?.find((form) => form.title === 'Empty');
  if (empty === undefined || content?.properties === undefined) {
    throw new Error("GitBook's spec changed: look again at what `putRight` puts right");
  }
  delete empty.additionalProperties;
  empty.not = { anyOf: [{ required: ['markdown'] }, { required: ['document'] }] };
  content.properties.filesystem = {
    type: 'array',
    items: {
      type: 'object',
      required: ['filename', 'dir', 'isEntrypoint', 'references', 'specification'],
    },
  };
  return spec;
}

/** An answer GitBook's own schema refuses, with what it said. */
export interface GitBookMismatch {
  request: string;
  errors: string;
}

interface Route {
  method: string;
  pattern: RegExp;
  path: string;
}

const routes: Route[] = Object.entries(gitbook.paths).flatMap(([path, item]) =>
  Object.keys(item).map((method) => ({
    method,
    path,
    pattern: new RegExp(`^/v1${path.replace(/\{[^}]+\}/g, '[^/]+')}$`),
  })),
);

/**
 * Checks answers against the response schemas of GitBook's own spec (`@gitbook/api`), by the
 * method and path of the request: a client written for GitBook parses what passes.
 */
export class GitBookContract {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  private readonly validators = new Map<string, ValidateFunction>();
  readonly mismatches: GitBookMismatch[] = [];
  readonly checked: string[] = [];

  constructor() {
    addFormats.default(this.ajv);
    // GitBook's own formats for emoji codes and icon names; they constrain nothing here.
    this.ajv.addFormat('emoji', true);
    this.ajv.addFormat('icon', true);
    this.ajv.addSchema(gitbook, 'gitbook');
  }

  /** Checks a value against one of GitBook's schemas (an event of a stream, say) by its name. */
  checkSchema(name: string, value: unknown, request: string): void {
    const key = `#/components/schemas/${name}`;
    let validate = this.validators.get(key);
    if (validate === undefined) {
      validate = this.ajv.compile({ $ref: `gitbook${key}` });
      this.validators.set(key, validate);
    }
    this.checked.push(request);
    if (!validate(value)) {
      this.mismatches.push({ request, errors: this.ajv.errorsText(validate.errors) });
    }
  }

  /** Checks one JSON answer; an answer to a path GitBook does not have is not checked. */
  check(method: string, pathname: string, status: number, body: unknown): void {
    const route = routes.find(
      (candidate) => candidate.method === method.toLowerCase() && candidate.pattern.test(pathname),
    );
    const response = route && gitbook.paths[route.path]?.[route.method]?.responses?.[status];
    if (route === undefined || typeof response !== 'object' || response === null) return;
    // A response may be a reference to a shared one (`#/components/responses/…`).
    const pointer =
      '$ref' in response && typeof response.$ref === 'string'
        ? response.$ref.replace(/^#\//, '')
        : ['paths', route.path, route.method, 'responses', String(status)]
            .map((part) => part.replaceAll('~', '~0').replaceAll('/', '~1'))
            .join('/');
    // An answer without a body (a 204) has nothing to check.
    if (!('$ref' in response) && !('content' in response)) return;
    const key = pointer;
    let validate = this.validators.get(key);
    if (validate === undefined) {
      validate = this.ajv.compile({
        $ref: `gitbook#/${pointer}/content/application~1json/schema`,
      });
      this.validators.set(key, validate);
    }
    const request = `${method} ${pathname} → ${status}`;
    this.checked.push(request);
    if (!validate(body)) {
      this.mismatches.push({ request, errors: this.ajv.errorsText(validate.errors) });
    }
  }
}
