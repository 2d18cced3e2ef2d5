import { isRecord } from '../../is-record.js';
import { canonicalJson, contentHash } from '../content/canonical-json.js';

/** The files of a version, parsed, by path on their origin: what a version's content holds. */
export type SpecFilesystem = Record<string, unknown>;

/** What a change report needs to know of one operation. */
export interface OperationShape {
  method: HttpMethod;
  /** The path as the spec writes it. */
  path: string;
  operationId: string | undefined;
  /** `in name` (`query limit`) → whether it is required; path parameters left out. */
  parameters: Map<string, boolean>;
  requestBody: 'none' | 'optional' | 'required';
  statuses: Set<string>;
  /** Hash of the operation as written, its references followed: equal when nothing changed. */
  digest: string;
}

/** The methods an OpenAPI path item may have an operation for, in the order pages list them. */
export const methods = [
  'get',
  'put',
  'post',
  'delete',
  'options',
  'head',
  'patch',
  'trace',
] as const;

/** A method an OpenAPI path item may have an operation for. */
export type HttpMethod = (typeof methods)[number];

/** How many nodes following the references of one operation may visit; past it, refs stay. */
const dereferenceBudget = 50_000;

/**
 * The operations of a version by `METHOD /path/{}` (path parameters matched whatever their
 * names), read from its entry file with `$ref`s followed inside its filesystem.
 */
export function operationsOf(
  filesystem: SpecFilesystem,
  entryPath: string,
): Map<string, OperationShape> {
  const refs = new RefReader(filesystem);
  const operations = new Map<string, OperationShape>();
  const entry = filesystem[entryPath];
  const paths = isRecord(entry) ? entry.paths : undefined;
  if (!isRecord(paths)) return operations;
  for (const [path, itemOrRef] of Object.entries(paths)) {
    const item = refs.resolve(entryPath, itemOrRef);
    if (!isRecord(item.value)) continue;
    const shared = parametersOf(refs, item.file, item.value.parameters);
    for (const method of methods) {
      const operation = item.value[method];
      if (!isRecord(operation)) continue;
      const own = parametersOf(refs, item.file, operation.parameters);
      const body = refs.resolve(item.file, operation.requestBody).value;
      const responses = refs.resolve(item.file, operation.responses).value;
      operations.set(`${method.toUpperCase()} ${path.replace(/\{[^}]+\}/g, '{}')}`, {
        method,
        path,
        operationId: typeof operation.operationId === 'string' ? operation.operationId : undefined,
        parameters: new Map([...shared, ...own]),
        requestBody: !isRecord(body) ? 'none' : body.required === true ? 'required' : 'optional',
        statuses: new Set(isRecord(responses) ? Object.keys(responses) : []),
        digest: contentHash(
          canonicalJson([
            refs.dereference(item.file, operation),
            refs.dereference(item.file, item.value.parameters ?? null),
          ]),
        ),
      });
    }
  }
  return operations;
}

function parametersOf(refs: RefReader, file: string, list: unknown): Map<string, boolean> {
  const parameters = new Map<string, boolean>();
  if (!Array.isArray(list)) return parameters;
  for (const itemOrRef of list) {
    const { value } = refs.resolve(file, itemOrRef);
    if (!isRecord(value) || typeof value.name !== 'string' || typeof value.in !== 'string')
      continue;
    // Path parameters are part of the path, which is matched whatever their names.
    if (value.in === 'path') continue;
    parameters.set(`${value.in} ${value.name}`, value.required === true);
  }
  return parameters;
}

/** Follows `$ref`s inside a filesystem: `#/a/b` in the same file, `other.yaml#/a` in another. */
export class RefReader {
  constructor(private readonly filesystem: SpecFilesystem) {}

  /** The node a value stands for, with the file it is in: `$ref`s followed (at most 20). */
  resolve(file: string, value: unknown): { file: string; value: unknown } {
    let current = { file, value };
    for (let hops = 0; hops < 20; hops += 1) {
      const target = this.target(current.file, current.value);
      if (target === undefined) return current;
      current = target;
    }
    return current;
  }

  /**
   * A copy of `value` with every reference replaced by what it refers to; a reference to a node
   * already being expanded (a cycle), or met once the budget is spent, stays a reference.
   */
  dereference(file: string, value: unknown): unknown {
    let budget = dereferenceBudget;
    const expanding = new Set<unknown>();
    const visit = (at: string, node: unknown): unknown => {
      budget -= 1;
      if (Array.isArray(node)) return node.map((item) => visit(at, item));
      if (!isRecord(node)) return node;
      const target = budget > 0 ? this.target(at, node) : undefined;
      if (target !== undefined) {
        if (expanding.has(target.value)) return node;
        expanding.add(target.value);
        const expanded = visit(target.file, target.value);
        expanding.delete(target.value);
        return expanded;
      }
      return Object.fromEntries(Object.entries(node).map(([key, item]) => [key, visit(at, item)]));
    };
    return visit(file, value);
  }

  private target(file: string, value: unknown): { file: string; value: unknown } | undefined {
    if (!isRecord(value) || typeof value.$ref !== 'string') return undefined;
    const [location = '', pointer = ''] = value.$ref.split('#', 2);
    let targetFile = file;
    if (location !== '') {
      const base = new URL(file, 'https://spec.invalid');
      if (!URL.canParse(location, base.href)) return undefined;
      const url = new URL(location, base);
      targetFile = `${url.pathname}${url.search}`;
    }
    let node: unknown = this.filesystem[targetFile];
    for (const token of pointer.split('/').slice(1)) {
      const key = decodeURIComponent(token).replaceAll('~1', '/').replaceAll('~0', '~');
      if (Array.isArray(node)) node = node[Number(key)];
      else if (isRecord(node)) node = node[key];
      else return undefined;
    }
    return node === undefined ? undefined : { file: targetFile, value: node };
  }
}
