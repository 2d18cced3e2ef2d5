import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const relativeImport = /(?:from|import\()\s*'(\.{1,2}\/[^']+)'/g;

/**
 * The test files under `testDir` that never open the test database: neither they nor a module
 * of theirs under `testDir` reads `QUIRE_TEST_DATABASE` or imports `test-database.ts` (which the
 * test server opens its database with). They test the same thing on either database, so the
 * PostgreSQL pass leaves them to the SQLite one. Paths are relative to `root`.
 * @example testFilesWithoutDatabase('test', process.cwd()); // ['test/cli.test.ts', …]
 */
export function testFilesWithoutDatabase(testDir: string, root: string): string[] {
  const directory = resolve(root, testDir);
  const opensDatabase = new Map<string, boolean>();
  const opens = (file: string): boolean => {
    const known = opensDatabase.get(file);
    if (known !== undefined) return known;
    // Marked while its imports are read, so an import cycle ends.
    opensDatabase.set(file, false);
    const source = readFileSync(file, 'utf8');
    const result =
      source.includes('QUIRE_TEST_DATABASE') ||
      [...source.matchAll(relativeImport)].some(([, specifier = '']) => {
        const imported = resolve(dirname(file), specifier.replace(/\.js$/, '.ts'));
        if (!imported.startsWith(directory)) return false;
        return imported.endsWith('/test-database.ts') || opens(imported);
      });
    opensDatabase.set(file, result);
    return result;
  };
  return readdirSync(directory)
    .filter((name) => name.endsWith('.test.ts'))
    .map((name) => join(directory, name))
    .filter((file) => !opens(file))
    .map((file) => relative(root, file));
}
