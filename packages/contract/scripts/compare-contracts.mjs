// Compares Quire's contract with GitBook's published spec, operation by operation, where both
// have the same method and path: what a client written for GitBook sends and expects back.

const methods = ['get', 'put', 'post', 'delete', 'patch'];
const maxDepth = 6;

/** `/spaces/{spaceId}` and `/spaces/{id}` are one path: parameter names may differ. */
const pathShape = (path) => path.replace(/\{[^}]+\}/g, '{}');

/** Follows local `$ref`s (`#/components/…`) inside `document` until a schema or value is reached. */
function resolve(document, value) {
  let current = value;
  for (let hops = 0; current && typeof current === 'object' && '$ref' in current; hops += 1) {
    if (hops > 50) throw new Error(`$ref cycle at ${current.$ref}`);
    const path = String(current.$ref).replace(/^#\//, '').split('/');
    current = path.reduce(
      (node, key) => node?.[key.replaceAll('~1', '/').replaceAll('~0', '~')],
      document,
    );
  }
  return current;
}

/** Every operation of a document, keyed by `METHOD /path/{}/shape`. */
export function operationsOf(document) {
  const operations = new Map();
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    const shared = item.parameters ?? [];
    for (const method of methods) {
      const operation = item[method];
      if (operation === undefined) continue;
      operations.set(`${method.toUpperCase()} ${pathShape(path)}`, {
        path,
        method,
        operation,
        parameters: [...shared, ...(operation.parameters ?? [])].map((p) => resolve(document, p)),
      });
    }
  }
  return operations;
}

/**
 * What an object schema says of its fields, `allOf` merged: each field's schema, and which are
 * required. `oneOf`/`anyOf` alternatives contribute the fields they all share.
 */
function fieldsOf(document, schemaOrRef, seen = new Set()) {
  const schema = resolve(document, schemaOrRef);
  const fields = { properties: new Map(), required: new Set(), isObject: false };
  if (!schema || typeof schema !== 'object' || seen.has(schema)) return fields;
  seen.add(schema);
  if (schema.type === 'object' || schema.properties !== undefined) fields.isObject = true;
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    fields.properties.set(name, property);
  }
  for (const name of schema.required ?? []) fields.required.add(name);
  for (const part of schema.allOf ?? []) {
    const inner = fieldsOf(document, part, seen);
    fields.isObject ||= inner.isObject;
    // A field that several parts describe is all of their descriptions at once.
    for (const [name, property] of inner.properties) {
      const known = fields.properties.get(name);
      fields.properties.set(name, known === undefined ? property : { allOf: [known, property] });
    }
    for (const name of inner.required) fields.required.add(name);
  }
  const alternatives = schema.oneOf ?? schema.anyOf;
  if (alternatives !== undefined && alternatives.length > 0) {
    const each = alternatives.map((part) => fieldsOf(document, part, new Set(seen)));
    if (each.every((inner) => inner.isObject)) {
      fields.isObject = true;
      const [first, ...rest] = each;
      for (const [name, property] of first.properties) {
        if (rest.every((inner) => inner.properties.has(name)))
          fields.properties.set(name, property);
      }
      for (const name of first.required) {
        if (rest.every((inner) => inner.required.has(name))) fields.required.add(name);
      }
    }
  }
  return fields;
}

/** The schema of an array's items, or `undefined` for anything else. */
function itemsOf(document, schemaOrRef) {
  const schema = resolve(document, schemaOrRef);
  return schema && typeof schema === 'object' && schema.type === 'array' ? schema.items : undefined;
}

/**
 * Fields GitBook's schema requires that ours does not promise (missing, or present but optional),
 * recursively: a client written for GitBook reads them without checking.
 */
function missingRequired(documents, theirs, ours, at, depth, found) {
  if (depth > maxDepth) return;
  const theirItems = itemsOf(documents.theirs, theirs);
  const ourItems = itemsOf(documents.ours, ours);
  if (theirItems !== undefined && ourItems !== undefined) {
    missingRequired(documents, theirItems, ourItems, `${at}[]`, depth + 1, found);
    return;
  }
  const their = fieldsOf(documents.theirs, theirs);
  const our = fieldsOf(documents.ours, ours);
  if (!their.isObject || !our.isObject) return;
  for (const name of their.required) {
    const path = at === '' ? name : `${at}.${name}`;
    if (!our.properties.has(name)) {
      found.push({ kind: 'response', name: path, detail: 'missing' });
    } else if (!our.required.has(name)) {
      found.push({ kind: 'response', name: path, detail: 'optional' });
    } else {
      missingRequired(
        documents,
        their.properties.get(name),
        our.properties.get(name),
        path,
        depth + 1,
        found,
      );
    }
  }
}

/**
 * Fields a GitBook client may send in a body that ours does not accept, and fields ours requires
 * that GitBook's does not (a GitBook client would leave them out), recursively.
 */
function bodyDifferences(documents, theirs, ours, at, depth, found) {
  if (depth > maxDepth) return;
  const their = fieldsOf(documents.theirs, theirs);
  const our = fieldsOf(documents.ours, ours);
  if (!their.isObject || !our.isObject) return;
  for (const [name, property] of their.properties) {
    const path = at === '' ? name : `${at}.${name}`;
    if (!our.properties.has(name)) {
      found.push({ kind: 'body', name: path, detail: 'not accepted' });
    } else {
      bodyDifferences(documents, property, our.properties.get(name), path, depth + 1, found);
    }
  }
  for (const name of our.required) {
    const path = at === '' ? name : `${at}.${name}`;
    if (their.properties.has(name) && !their.required.has(name)) {
      found.push({ kind: 'body', name: path, detail: 'required here, optional in GitBook' });
    }
  }
}

/** The JSON type of a value as schemas name it (`integer` for whole numbers). */
function typeOfValue(value) {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/**
 * The values a schema accepts, as alternatives of a type and, when it lists them, its values:
 * `oneOf`/`anyOf` are their alternatives', a schema without a type accepts any.
 */
function acceptedValues(document, schemaOrRef, depth = 0) {
  const schema = resolve(document, schemaOrRef);
  if (!schema || typeof schema !== 'object' || depth > maxDepth) return [{ type: 'any' }];
  const alternatives = schema.oneOf ?? schema.anyOf;
  if (alternatives !== undefined) {
    return alternatives.flatMap((part) => acceptedValues(document, part, depth + 1));
  }
  const typed = (schema.allOf ?? [])
    .map((part) => resolve(document, part))
    .find((part) => part?.type);
  if (schema.type === undefined && typed !== undefined)
    return acceptedValues(document, typed, depth + 1);
  const types = Array.isArray(schema.type)
    ? schema.type
    : schema.type !== undefined
      ? [schema.type]
      : schema.enum !== undefined
        ? [...new Set(schema.enum.map(typeOfValue))]
        : ['any'];
  return types.map((type) => ({
    type,
    ...(schema.enum === undefined
      ? {}
      : {
          values: schema.enum.filter(
            (value) =>
              typeOfValue(value) === type || (type === 'number' && typeof value === 'number'),
          ),
        }),
  }));
}

const widens = (ours, theirs) =>
  ours === 'any' || ours === theirs || (ours === 'number' && theirs === 'integer');

/**
 * What a GitBook client may send in a parameter that ours refuses: a type ours does not accept,
 * any value of a type where ours lists some, or values missing from ours.
 */
function parameterDifference(documents, theirs, ours) {
  const their = acceptedValues(documents.theirs, theirs.schema);
  const our = acceptedValues(documents.ours, ours.schema);
  const refused = [];
  for (const alternative of their) {
    if (alternative.type === 'any') continue;
    const matching = our.filter((candidate) => widens(candidate.type, alternative.type));
    if (matching.length === 0) {
      refused.push(`${alternative.type} not accepted`);
      continue;
    }
    if (matching.some((candidate) => candidate.values === undefined)) continue;
    const accepted = new Set(matching.flatMap((candidate) => candidate.values));
    if (alternative.values === undefined) {
      refused.push(`any ${alternative.type}, ours only ${[...accepted].join('|')}`);
      continue;
    }
    const missing = alternative.values.filter((value) => !accepted.has(value));
    if (missing.length > 0) refused.push(`${missing.join('|')} not accepted`);
  }
  return refused.length === 0 ? undefined : refused.join('; ');
}

const jsonOf = (document, holder) =>
  resolve(document, resolve(document, holder)?.content?.['application/json']?.schema);

/**
 * Every difference between the two contracts at the operations they share, each as
 * `{ operation, kind, name, detail }` with `operation` GitBook's operationId:
 * - `operationId`: ours names the operation otherwise;
 * - `query`: a query parameter GitBook's client may send that ours does not read;
 * - `query-values`: one it may send with a type or value ours refuses (see `parameterDifference`);
 * - `body`: see {@link bodyDifferences};
 * - `status`: a success status GitBook answers that ours does not;
 * - `response`: a field GitBook's answer requires that ours does not promise.
 */
export function compareContracts(ours, theirs) {
  const documents = { ours, theirs };
  const ourOperations = operationsOf(ours);
  const differences = [];
  let shared = 0;
  for (const [key, their] of operationsOf(theirs)) {
    const our = ourOperations.get(key);
    if (our === undefined) continue;
    shared += 1;
    const operation = their.operation.operationId;
    const found = [];
    if (our.operation.operationId !== operation) {
      found.push({
        kind: 'operationId',
        name: operation,
        detail: `ours: ${our.operation.operationId}`,
      });
    }
    const ourQuery = new Map(
      our.parameters.filter((p) => p.in === 'query').map((p) => [p.name, p]),
    );
    for (const parameter of their.parameters.filter((p) => p.in === 'query')) {
      const ourParameter = ourQuery.get(parameter.name);
      if (ourParameter === undefined) {
        found.push({ kind: 'query', name: parameter.name, detail: 'not read' });
        continue;
      }
      const refused = parameterDifference(documents, parameter, ourParameter);
      if (refused !== undefined) {
        found.push({ kind: 'query-values', name: parameter.name, detail: refused });
      }
    }
    const theirBody = jsonOf(theirs, their.operation.requestBody);
    const ourBody = jsonOf(ours, our.operation.requestBody);
    if (theirBody !== undefined && ourBody !== undefined) {
      bodyDifferences(documents, theirBody, ourBody, '', 0, found);
    }
    for (const [status, response] of Object.entries(their.operation.responses ?? {})) {
      if (!/^2/.test(status)) continue;
      const ourResponse = our.operation.responses?.[status];
      if (ourResponse === undefined) {
        found.push({ kind: 'status', name: status, detail: 'not answered' });
        continue;
      }
      const theirSchema = jsonOf(theirs, response);
      const ourSchema = jsonOf(ours, ourResponse);
      if (theirSchema !== undefined && ourSchema !== undefined) {
        missingRequired(documents, theirSchema, ourSchema, '', 0, found);
      }
    }
    for (const difference of found) differences.push({ operation, ...difference });
  }
  return { shared, differences };
}

/** The key a difference is listed under in the file of deliberate differences. */
export const differenceKey = ({ operation, kind, name }) => `${operation} ${kind} ${name}`;
