import type { Config } from '../../config.js';
import { readInstanceSetting, writeInstanceSetting } from '../../store/instance-settings.js';
import type { Executor } from '../../store/schema.js';

/** Keeps the public URL the server runs under, for tools that run beside it (the CLI). */
export async function recordPublicUrl(db: Executor, publicUrl: string, now: Date): Promise<void> {
  await writeInstanceSetting(db, 'public-url', publicUrl, now.toISOString());
}

/**
 * The public URL a tool beside the server builds URLs from: the environment's when it says one
 * (`PUBLIC_URL`, or `PORT`/`HOST` to derive it), else the one the server last started with, so
 * `quire` commands print the URLs the server answers on.
 * @example await publicUrlForTools(db, loadConfig(process.env), process.env);
 */
export async function publicUrlForTools(
  db: Executor,
  config: Config,
  env: NodeJS.ProcessEnv,
): Promise<string> {
  const saysUrl = [env.PUBLIC_URL, env.PORT, env.HOST].some((value) => value?.trim());
  if (saysUrl) return config.publicUrl;
  return (await readInstanceSetting(db, 'public-url')) ?? config.publicUrl;
}
