import { readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const packageJson: { version: string } = JSON.parse(
  readFileSync(new URL('../package.json', import.meta.url), 'utf8'),
);

/**
 * The release of this server and when it was built. `pnpm build` writes this module's compiled
 * file, so its modification time is the build time.
 */
export const serverVersion = {
  version: packageJson.version,
  build: statSync(fileURLToPath(import.meta.url)).mtime.toISOString(),
} as const;
