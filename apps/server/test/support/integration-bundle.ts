import { build } from 'esbuild';

/**
 * Bundles an integration's script with the options `gitbook publish` builds it with (GitBook
 * CLI 0.25, `buildScriptFromManifest`): one minified ES module for a worker, `@gitbook/runtime`
 * and `@gitbook/api` inside, `MODE` set to production.
 */
export async function bundleIntegrationScript(entryPoint: string): Promise<string> {
  const result = await build({
    platform: 'neutral',
    entryPoints: [entryPoint],
    bundle: true,
    format: 'esm',
    target: 'es2020',
    minify: true,
    write: false,
    mainFields: ['worker', 'browser', 'module', 'jsnext', 'main'],
    conditions: ['worker', 'browser', 'import', 'production'],
    define: { 'process.env.NODE_ENV': '"production"', MODE: '"production"' },
    external: ['node:*', 'cloudflare:*'],
    jsx: 'automatic',
    jsxImportSource: '@gitbook/runtime',
    logLevel: 'silent',
  });
  const [output] = result.outputFiles;
  if (output === undefined) throw new Error(`esbuild wrote nothing for ${entryPoint}`);
  return output.text;
}
