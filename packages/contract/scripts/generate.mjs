// Regenerates everything in this package that comes from spec/: the bundled document (JSON and
// YAML) and the TypeScript types. CI runs it again and fails on any difference (check-drift.mjs).
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { stringify } from 'yaml';

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const specRoot = join(packageDir, '../../spec/openapi.yaml');
const redoclyConfig = join(packageDir, '../../spec/redocly.yaml');
const generatedDir = join(packageDir, 'generated');
const bundledJson = join(generatedDir, 'openapi.json');

mkdirSync(generatedDir, { recursive: true });
// Bundled once, to JSON; the YAML copy is the same document written as YAML. Redocly's progress
// lines go nowhere; its output is shown only when bundling fails.
try {
  execFileSync(
    join(packageDir, 'node_modules/.bin/redocly'),
    ['bundle', specRoot, '--config', redoclyConfig, '--ext', 'json', '--output', bundledJson],
    {
      stdio: 'pipe',
      env: { ...process.env, REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', REDOCLY_TELEMETRY: 'off' },
    },
  );
} catch (error) {
  process.stderr.write(String(error.stderr ?? error));
  process.exit(1);
}

const document = JSON.parse(readFileSync(bundledJson, 'utf8'));
writeFileSync(join(generatedDir, 'openapi.yaml'), stringify(document, { lineWidth: 0 }));
const ast = await openapiTS(document, { alphabetize: true });
const header = '// Generated from spec/ by `pnpm gen`. Do not edit.\n\n';
writeFileSync(join(packageDir, 'src/generated/schema.ts'), header + astToString(ast));

// Who may call what, as each operation's `security` says: none (public), or the site reader's
// token beside an API token. The server's types and router read these lists.
const operationsOf = (schemeTest) =>
  Object.values(document.paths)
    .flatMap((item) =>
      ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'].flatMap((method) =>
        item[method] === undefined ? [] : [item[method]],
      ),
    )
    .filter((operation) => schemeTest(operation.security ?? document.security ?? []))
    .map((operation) => operation.operationId)
    .sort();
const list = (name, summary, ids) =>
  `/** ${summary} */\nexport const ${name} = [\n${ids.map((id) => `  '${id}',\n`).join('')}] as const;\n`;
writeFileSync(
  join(packageDir, 'src/generated/security.ts'),
  `${header}${list(
    'publicOperations',
    'Operations whose `security` is empty: they answer without a token.',
    operationsOf((security) => security.length === 0),
  )}\n${list(
    'siteReaderOperations',
    "Operations that take a site's reader token (the `siteReader` scheme) beside an API token.",
    operationsOf((security) => security.some((scheme) => 'siteReader' in scheme)),
  )}`,
);
