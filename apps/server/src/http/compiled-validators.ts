import type { OpenApiDocument } from '@quire/contract';
import type { OperationRoute } from './operations.js';
import { compileInputValidators, type InputValidators } from './request-input.js';
import { SchemaValidator } from './schema-validator.js';

interface CompiledDocument {
  coercing: SchemaValidator;
  strict: SchemaValidator;
  byOperation: Map<string, InputValidators>;
}

const compiledDocuments = new WeakMap<OpenApiDocument, CompiledDocument>();

/**
 * An operation's input validators, compiled the first time a request to it needs them, then kept
 * for every app built from `document`: compiling all operations takes over a second of CPU, which
 * a server would pay before answering anything, and a process that builds several apps from one
 * document (the tests) would pay again for each. The validators hold no state between calls, and
 * a document is never changed once loaded.
 */
export function inputValidatorsFor(
  document: OpenApiDocument,
  route: OperationRoute,
): InputValidators {
  let compiled = compiledDocuments.get(document);
  if (compiled === undefined) {
    compiled = {
      coercing: new SchemaValidator(document, { coerceTypes: true }),
      strict: new SchemaValidator(document),
      byOperation: new Map(),
    };
    compiledDocuments.set(document, compiled);
  }
  let validators = compiled.byOperation.get(route.operationId);
  if (validators === undefined) {
    validators = compileInputValidators(route, compiled.coercing, compiled.strict);
    compiled.byOperation.set(route.operationId, validators);
  }
  return validators;
}
