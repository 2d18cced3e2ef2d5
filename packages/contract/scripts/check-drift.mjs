// Fails when the committed generated files differ from what `pnpm gen` makes of spec/ now.
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..');
execFileSync(process.execPath, [join(packageDir, 'scripts/generate.mjs')], { stdio: 'inherit' });

const generated = ['generated', 'src/generated'];
const changed = execFileSync('git', ['status', '--porcelain', '--', ...generated], {
  cwd: packageDir,
  encoding: 'utf8',
});
if (changed.trim() !== '') {
  console.error('Contract drift: spec/ and the committed generated files disagree:');
  console.error(changed);
  console.error(
    execFileSync('git', ['diff', '--stat', '--', ...generated], {
      cwd: packageDir,
      encoding: 'utf8',
    }),
  );
  console.error('Run `pnpm gen` and commit the result.');
  process.exit(1);
}
console.log('No contract drift.');
