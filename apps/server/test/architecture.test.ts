import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript-api';
import { describe, expect, it } from 'vitest';

// The flow ARCHITECTURE.md draws, read from the imports of every file under src/: data goes
// http → routes → domain → store and back out through presenters. A new import against it fails
// here with the file and the import named.

const source = resolve(dirname(fileURLToPath(import.meta.url)), '../src');

/** One import of one file: where it points (a room of src/, or a package) and what it takes. */
interface Import {
  file: string;
  target: string;
  typeOnly: boolean;
  names: string[];
}

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** The room a file of src/ is in: its top folder, or its own name for a top-level file. */
function roomOf(path: string): string {
  const [first = '', second] = relative(source, path).split('/');
  return second === undefined ? first.replace(/\.ts$/, '') : first;
}

function importsOf(path: string): Import[] {
  const text = readFileSync(path, 'utf8');
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, false);
  const found: Import[] = [];
  for (const statement of file.statements) {
    if (
      !(ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) ||
      statement.moduleSpecifier === undefined ||
      !ts.isStringLiteral(statement.moduleSpecifier)
    ) {
      continue;
    }
    const specifier = statement.moduleSpecifier.text;
    if (!specifier.startsWith('.')) continue;
    const clause = ts.isImportDeclaration(statement) ? statement.importClause : undefined;
    const bindings = clause?.namedBindings;
    const named = bindings !== undefined && ts.isNamedImports(bindings) ? bindings.elements : [];
    const valueNames = named.filter((element) => !element.isTypeOnly);
    found.push({
      file: relative(source, path),
      target: roomOf(resolve(dirname(path), specifier.replace(/\.js$/, '.ts'))),
      typeOnly:
        (clause?.isTypeOnly ?? false) ||
        (ts.isExportDeclaration(statement) && statement.isTypeOnly) ||
        (named.length > 0 && valueNames.length === 0 && clause?.name === undefined),
      names: valueNames.map((element) => element.name.text),
    });
  }
  return found;
}

const imports = sourceFiles(source).flatMap((path) =>
  importsOf(path).map((found) => ({ ...found, room: roomOf(join(source, found.file)) })),
);

/** The imports of `rooms` into `targets`, written as `file → target`. */
function importsInto(rooms: string[], targets: string[], { values = false } = {}): string[] {
  return imports
    .filter((found) => rooms.includes(found.room) && targets.includes(found.target))
    .filter((found) => !values || !found.typeOnly)
    .map((found) => `${found.file} → ${found.target}`);
}

// `services` is the composition root: it wires the rooms below it together for the edges.
const edges = ['http', 'routes', 'mcp', 'app', 'main', 'cli', 'jobs', 'services'];

describe('the one-way flow of apps/server/src', () => {
  it('reads imports from every room', () => {
    // A reader that found nothing would pass every rule below.
    expect(imports.length).toBeGreaterThan(500);
    const rooms = new Set(imports.map((found) => found.room));
    for (const room of [
      'http',
      'routes',
      'domain',
      'store',
      'presenters',
      'policies',
      'jobs',
      'services',
    ]) {
      expect(rooms).toContain(room);
    }
  });

  it('keeps the domain out of HTTP, routes, presenters and jobs', () => {
    expect(importsInto(['domain'], [...edges, 'presenters'])).toEqual([]);
  });

  it('keeps routes and jobs apart: what both need is made once, in the composition root', () => {
    expect(importsInto(['routes'], ['jobs'])).toEqual([]);
    expect(importsInto(['jobs'], ['routes'])).toEqual([]);
    expect(
      importsInto(['services'], ['routes', 'jobs', 'http', 'mcp', 'app', 'main', 'cli']),
    ).toEqual([]);
  });

  it('keeps the caches below what uses them', () => {
    const above = ['domain', 'store', 'presenters', 'policies', 'outbound', 'workers'];
    expect(importsInto(['caches'], [...edges, ...above])).toEqual([]);
  });

  it('makes caches in caches/ alone, but for two listed beside what they keep', () => {
    const makers = sourceFiles(source)
      .filter((path) => /from 'lru-cache'/.test(readFileSync(path, 'utf8')))
      .map((path) => relative(source, path))
      .filter((file) => !file.startsWith('caches/'))
      .sort();
    // Both bounded in bytes and listed in caches/README.md: the reader tokens' (its share of
    // CACHE_MB, made with the services) and the parsed visitor conditions (a pure function's).
    expect(makers).toEqual(['domain/published/reader-tokens.ts', 'domain/sites/conditions.ts']);
  });

  it('keeps the store below everything but the model', () => {
    const above = ['domain', 'policies', 'presenters', 'outbound', 'workers', 'config'];
    expect(importsInto(['store'], [...edges, ...above])).toEqual([]);
  });

  it('keeps policies to rules: no reads, no domain, no edges', () => {
    expect(importsInto(['policies'], ['store'], { values: true })).toEqual([]);
    expect(importsInto(['policies'], [...edges, 'domain', 'presenters'])).toEqual([]);
  });

  it('keeps presenters free of I/O', () => {
    expect(importsInto(['presenters'], ['store'], { values: true })).toEqual([]);
    expect(importsInto(['presenters'], [...edges, 'outbound', 'workers'])).toEqual([]);
  });

  it('keeps the outbound guard and the configuration on their own', () => {
    const rooms = ['domain', 'store', 'presenters', 'policies', 'routes'];
    expect(importsInto(['outbound'], [...edges, ...rooms])).toEqual([]);
    expect(importsInto(['config'], [...edges, ...rooms, 'outbound', 'workers'])).toEqual([]);
  });

  it('lets the MCP server reach Quire only through the API, as any client does', () => {
    const inside = ['routes', 'domain', 'store', 'presenters', 'policies', 'jobs', 'workers'];
    expect(importsInto(['mcp'], inside)).toEqual([]);
  });

  it('lets routes and HTTP read the store only to look up and list, never to write', () => {
    const reads = /^(find|list|all|counts?|arrayPage$|reactionsOf$)/;
    const writes = imports
      .filter((found) => ['routes', 'http'].includes(found.room) && found.target === 'store')
      .flatMap((found) => found.names.filter((name) => !reads.test(name)))
      .filter((name) => !/^[A-Z]/.test(name));
    expect(writes).toEqual([]);
  });
});
