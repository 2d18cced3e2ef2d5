// Holds Quire's contract against the spec inside GitBook's current published client
// (`@gitbook/api`): at every method and path both have, the operationId, the query parameters,
// the request body and the required fields of the answers must match, or the difference must be
// listed, with its reason, in spec/gitbook-differences.yaml. Anything else fails, and so does a
// listed difference that is gone (the list stays true).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { compareContracts, differenceKey } from './compare-contracts.mjs';

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const readJson = (path) => JSON.parse(readFileSync(path, 'utf8'));

const ours = readJson(join(packageDir, 'generated/openapi.json'));
const theirs = readJson(require.resolve('@gitbook/api/spec/openapi.json'));
const listedPath = join(packageDir, '../../spec/gitbook-differences.yaml');
const listed = parse(readFileSync(listedPath, 'utf8'));

/** Listed differences by key; a listing without a reason is itself a failure. */
const explained = new Map();
const problems = [];
for (const [reason, keys] of Object.entries(listed.differences ?? {})) {
  if (reason.trim().length < 20)
    problems.push(`A reason too short to explain anything: "${reason}"`);
  for (const key of keys ?? []) {
    if (explained.has(key)) problems.push(`Listed twice: ${key}`);
    explained.set(key, reason);
  }
}

const { shared, differences } = compareContracts(ours, theirs);
const found = new Set(differences.map(differenceKey));
const unexplained = differences.filter((difference) => !explained.has(differenceKey(difference)));
const stale = [...explained.keys()].filter((key) => !found.has(key));

for (const difference of unexplained) {
  problems.push(`Differs from GitBook: ${differenceKey(difference)} (${difference.detail})`);
}
for (const key of stale) problems.push(`Listed but no longer different: ${key}`);

if (problems.length > 0) {
  console.error(problems.join('\n'));
  console.error(
    `\n${problems.length} problem(s). Match GitBook's contract (${require.resolve('@gitbook/api/spec/openapi.json').replace(/.*node_modules\//, '')}), or list the difference with its reason in spec/gitbook-differences.yaml.`,
  );
  process.exit(1);
}
const onPurpose = [...explained.values()].filter((reason) =>
  reason.startsWith('On purpose'),
).length;
console.log(
  `GitBook's contract at ${shared} shared operations: every difference listed, ${onPurpose} on purpose and ${explained.size - onPurpose} not matched yet.`,
);
