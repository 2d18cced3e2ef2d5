import { dirname } from 'node:path';
import { defaultCacheMegabytes } from './caches/cache-budget.js';
import { parseS3Url } from './s3-location.js';

/** Server settings, read once from the environment at start-up. */
export interface Config {
  port: number;
  host: string;
  databaseUrl: string;
  /** Base of every absolute URL the API hands out, without a trailing slash. */
  publicUrl: string;
  bootstrapToken: string | undefined;
  bootstrapEmail: string;
  bootstrapOrg: string;
  /** Outbound fetches to private and loopback addresses are refused unless this is set. */
  outboundAllowPrivate: boolean;
  logLevel: LogLevel;
  /** Request bodies larger than this many bytes are refused with 413. */
  requestBodyLimit: number;
  /** Browser origins allowed to call the API (`'*'`: any); `undefined` turns CORS off. */
  corsOrigins: readonly string[] | '*' | undefined;
  /** Days the audit log keeps an event. */
  auditRetentionDays: number;
  /** Days a site's insights keep a reader's event. */
  insightsRetentionDays: number;
  /** Directory of the local blob store, used unless `filesUrl` names a bucket. */
  filesDir: string;
  /** `s3://bucket/optional/prefix` when files live in S3 or an S3-compatible service. */
  filesUrl: string | undefined;
  /** URL of an S3-compatible service (reached path-style); `undefined` for AWS itself. */
  filesS3Endpoint: string | undefined;
  /** Largest file, in bytes, that an upload or an import may store. */
  fileSizeLimit: number;
  /** The engine translations run on; `undefined`: none, runs wait. */
  translationEngine: TranslationEngineConfig | undefined;
  /** The model that answers questions; `undefined`: questions are answered with sections. */
  askEngine: AskEngineConfig | undefined;
  /** Days the records of readers' questions and answers are kept (`ASK_RETENTION_DAYS`, 365). */
  askRetentionDays: number;
  /** The endpoint that embeds sections, for answers found by similarity too; `undefined`: none. */
  embeddings: EmbeddingsConfig | undefined;
  /** How long each fetch of an OpenAPI spec's files may take, in milliseconds. */
  openApiFetchTimeoutMs: number;
  /** Seals stored secrets (32 bytes from `SECRETS_KEY`); `undefined`: a key kept in the database. */
  secretsKey: Buffer | undefined;
  /** What one run of an integration's script may take. */
  integrationScriptLimits: IntegrationScriptLimits;
  /** What all the server's caches may hold together, in bytes (`CACHE_MB`). */
  cacheBytes: number;
  /** How many requests a minute each caller may make. */
  rateLimits: RateLimitSettings;
  /**
   * scrypt's cost for passwords, as the power of two of its N (`PASSWORD_HASH_COST`, 17). Hashes
   * keep the cost they were made with, so raising it leaves older passwords working.
   */
  passwordHashCost: number;
}

/** How many requests a minute each caller may make; 0 turns a limit off. */
export interface RateLimitSettings {
  /** Every request, per API or reader token, or per client address without one. */
  perMinute: number;
  /** Searches of the API and of published sites, counted on top of `perMinute`. */
  searchPerMinute: number;
  /** Single sign-on and visitor sign-in attempts (tokens and keys in a site URL), per address. */
  signInPerMinute: number;
  /** Questions asked (of the API and of published sites), per caller, on top of `perMinute`. */
  askPerMinute?: number;
  /** Questions asked of one site, whoever asks. */
  askSitePerMinute?: number;
}

/** The limits unless configured (`RATE_LIMIT_PER_MINUTE`, `…_SEARCH_…`, `…_SIGN_IN_…`). */
export const defaultRateLimits: RateLimitSettings = {
  perMinute: 1200,
  searchPerMinute: 120,
  signInPerMinute: 20,
  askPerMinute: 20,
  askSitePerMinute: 300,
};

/** The OpenAI-compatible embeddings endpoint sections and questions are embedded with. */
export interface EmbeddingsConfig {
  /** `EMBEDDINGS_URL`: the endpoint's base URL (`…/v1` or the server's root). */
  url: string;
  /** `EMBEDDINGS_MODEL`. */
  model: string;
  /** `EMBEDDINGS_API_KEY`: sent to the endpoint only. */
  apiKey: string | undefined;
  /** `EMBEDDINGS_TIMEOUT_MS`: the longest one request may take (30 000 unless given). */
  timeoutMs: number;
}

/** The OpenAI-compatible chat completions endpoint that answers questions, and its limits. */
export interface AskEngineConfig {
  /** `ASK_ENGINE_URL`: the engine's base URL (`…/v1` or the server's root). */
  url: string;
  /** `ASK_MODEL`. */
  model: string;
  /** `ASK_API_KEY`: sent to the engine only; never shown, logged or recorded. */
  apiKey: string | undefined;
  /** `ASK_TIMEOUT_MS`: the longest an answer may take, whole (60 000 unless given). */
  timeoutMs: number;
  /** `ASK_MAX_TOKENS`: the most an answer may be, in the model's tokens (800 unless given). */
  maxTokens: number;
}

/**
 * scrypt's cost for passwords unless `PASSWORD_HASH_COST` says otherwise, as the power of two of
 * its N: OWASP's floor (N=2^17, r=8, p=1), about 100 ms and 128 MiB a hash on a server core.
 */
export const defaultPasswordHashCost = 17;

/** What one run of an integration's script (one event) may take, unless configured. */
export const defaultIntegrationScriptLimits: IntegrationScriptLimits = {
  cpuMs: 1000,
  memoryBytes: 64 * 1024 * 1024,
  wallMs: 30_000,
};

/** What one run of an integration's script (one event) may take. */
export interface IntegrationScriptLimits {
  /** Milliseconds of CPU time (`INTEGRATION_SCRIPT_CPU_MS`, 1000). */
  cpuMs: number;
  /** Bytes of memory its heap may hold (`INTEGRATION_SCRIPT_MEMORY_MB`, 64 MiB). */
  memoryBytes: number;
  /** Milliseconds from the event to the answer, fetches included (`INTEGRATION_SCRIPT_TIMEOUT_MS`, 30 000). */
  wallMs: number;
}

/** Which engine translates, where, and how to sign in to it. */
export interface TranslationEngineConfig {
  kind: 'libretranslate' | 'deepl' | 'openai';
  url: string;
  /** Sent to the engine only; never shown, logged or recorded. */
  apiKey: string | undefined;
  /** The model an OpenAI-compatible engine runs. */
  model: string | undefined;
  /** How long one request to the engine may take, in milliseconds (120 000 unless given). */
  timeoutMs?: number;
}

const translationEngines = ['libretranslate', 'deepl', 'openai'] as const;

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
type LogLevel = (typeof logLevels)[number];

/** A setting that is present but wrong; the message says which and how to fix it. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/**
 * Reads and validates the configuration; throws {@link ConfigError} listing every bad setting.
 * @example const config = loadConfig(process.env);
 */
export function loadConfig(env: NodeJS.ProcessEnv): Config {
  const problems: string[] = [];
  const port = integerSetting(env, 'PORT', 8080, 0, 65535, problems);
  const host = env.HOST?.trim() || '127.0.0.1';
  const databaseUrl = env.DATABASE_URL?.trim() || 'sqlite:./data/quire.db';
  if (!/^(sqlite:|postgres(ql)?:\/\/)/.test(databaseUrl)) {
    problems.push(
      `DATABASE_URL must start with sqlite: (sqlite:./data/quire.db, sqlite::memory:) or postgres:// (got "${databaseUrl}")`,
    );
  }
  const publicUrl = (env.PUBLIC_URL?.trim() || `http://${urlHost(host)}:${port}`).replace(
    /\/+$/,
    '',
  );
  if (!URL.canParse(publicUrl) || !/^https?:/.test(publicUrl)) {
    problems.push(`PUBLIC_URL must be an absolute http(s) URL (got "${publicUrl}")`);
  }
  const bootstrapToken = env.BOOTSTRAP_TOKEN?.trim() || undefined;
  if (bootstrapToken !== undefined && !/^qr_[A-Za-z0-9_-]{16,200}$/.test(bootstrapToken)) {
    problems.push('BOOTSTRAP_TOKEN must look like qr_ followed by at least 16 of A-Z a-z 0-9 _ -');
  }
  const bootstrapEmail = env.BOOTSTRAP_EMAIL?.trim() || 'owner@quire.local';
  if (!/^[^@\s]+@[^@\s]+$/.test(bootstrapEmail)) {
    problems.push(`BOOTSTRAP_EMAIL must be an email address (got "${bootstrapEmail}")`);
  }
  const bootstrapOrg = env.BOOTSTRAP_ORG?.trim() || 'My organization';
  if (bootstrapOrg.length < 2 || bootstrapOrg.length > 255) {
    problems.push('BOOTSTRAP_ORG must be 2 to 255 characters long');
  }
  const outboundAllowPrivate = booleanSetting(env, 'OUTBOUND_ALLOW_PRIVATE', problems);
  const logLevel = (env.LOG_LEVEL?.trim() || 'info') as LogLevel;
  if (!logLevels.includes(logLevel)) {
    problems.push(`LOG_LEVEL must be one of ${logLevels.join(', ')} (got "${logLevel}")`);
  }
  const requestBodyLimit = integerSetting(
    env,
    'REQUEST_BODY_LIMIT',
    5 * 1024 * 1024,
    1024,
    1 << 30,
    problems,
  );
  const corsOrigins = corsOriginsSetting(env, problems);
  const auditRetentionDays = integerSetting(env, 'AUDIT_RETENTION_DAYS', 365, 1, 36500, problems);
  const insightsRetentionDays = integerSetting(
    env,
    'INSIGHTS_RETENTION_DAYS',
    365,
    1,
    36500,
    problems,
  );
  const filesDir = env.FILES_DIR?.trim() || defaultFilesDir(databaseUrl);
  const filesUrl = env.FILES_URL?.trim() || undefined;
  if (filesUrl !== undefined && parseS3Url(filesUrl) === undefined) {
    problems.push(
      `FILES_URL must look like s3://bucket or s3://bucket/prefix, with a valid bucket name (got "${filesUrl}")`,
    );
  }
  const filesS3Endpoint = env.FILES_S3_ENDPOINT?.trim().replace(/\/+$/, '') || undefined;
  if (filesS3Endpoint !== undefined) {
    if (!URL.canParse(filesS3Endpoint) || !/^https?:/.test(filesS3Endpoint)) {
      problems.push(
        `FILES_S3_ENDPOINT must be an absolute http(s) URL, such as http://127.0.0.1:9000 (got "${filesS3Endpoint}")`,
      );
    } else if (filesUrl === undefined) {
      problems.push('FILES_S3_ENDPOINT is set but FILES_URL is not: set FILES_URL=s3://bucket too');
    }
  }
  const fileSizeLimit = integerSetting(
    env,
    'FILE_SIZE_LIMIT',
    10 * 1024 * 1024,
    1024,
    1 << 30,
    problems,
  );
  const translationEngine = translationEngineSetting(env, problems);
  const askEngine = askEngineSetting(env, problems);
  const askRetentionDays = integerSetting(env, 'ASK_RETENTION_DAYS', 365, 1, 36500, problems);
  const embeddings = embeddingsSetting(env, problems);
  const openApiFetchTimeoutMs = integerSetting(
    env,
    'OPENAPI_FETCH_TIMEOUT_MS',
    10_000,
    100,
    300_000,
    problems,
  );
  const secretsKey = secretsKeySetting(env, problems);
  const rateLimits: RateLimitSettings = {
    perMinute: integerSetting(
      env,
      'RATE_LIMIT_PER_MINUTE',
      defaultRateLimits.perMinute,
      0,
      1_000_000,
      problems,
    ),
    searchPerMinute: integerSetting(
      env,
      'RATE_LIMIT_SEARCH_PER_MINUTE',
      defaultRateLimits.searchPerMinute,
      0,
      1_000_000,
      problems,
    ),
    signInPerMinute: integerSetting(
      env,
      'RATE_LIMIT_SIGN_IN_PER_MINUTE',
      defaultRateLimits.signInPerMinute,
      0,
      1_000_000,
      problems,
    ),
    askPerMinute: integerSetting(
      env,
      'RATE_LIMIT_ASK_PER_MINUTE',
      defaultRateLimits.askPerMinute ?? 0,
      0,
      1_000_000,
      problems,
    ),
    askSitePerMinute: integerSetting(
      env,
      'RATE_LIMIT_ASK_SITE_PER_MINUTE',
      defaultRateLimits.askSitePerMinute ?? 0,
      0,
      1_000_000,
      problems,
    ),
  };
  // Below OWASP's floor only for tests, which hash many passwords; 20 takes a second a hash.
  const passwordHashCost = integerSetting(
    env,
    'PASSWORD_HASH_COST',
    defaultPasswordHashCost,
    10,
    20,
    problems,
  );
  const cacheBytes =
    integerSetting(env, 'CACHE_MB', defaultCacheMegabytes, 16, 65_536, problems) * 1024 * 1024;
  const integrationScriptLimits: IntegrationScriptLimits = {
    cpuMs: integerSetting(
      env,
      'INTEGRATION_SCRIPT_CPU_MS',
      defaultIntegrationScriptLimits.cpuMs,
      10,
      60_000,
      problems,
    ),
    memoryBytes:
      integerSetting(
        env,
        'INTEGRATION_SCRIPT_MEMORY_MB',
        defaultIntegrationScriptLimits.memoryBytes / (1024 * 1024),
        8,
        1024,
        problems,
      ) *
      1024 *
      1024,
    wallMs: integerSetting(
      env,
      'INTEGRATION_SCRIPT_TIMEOUT_MS',
      defaultIntegrationScriptLimits.wallMs,
      100,
      300_000,
      problems,
    ),
  };

  if (problems.length > 0) {
    throw new ConfigError(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
  }
  return {
    port,
    host,
    databaseUrl,
    publicUrl,
    bootstrapToken,
    bootstrapEmail,
    bootstrapOrg,
    outboundAllowPrivate,
    logLevel,
    requestBodyLimit,
    corsOrigins,
    filesDir,
    filesUrl,
    filesS3Endpoint,
    fileSizeLimit,
    openApiFetchTimeoutMs,
    auditRetentionDays,
    insightsRetentionDays,
    translationEngine,
    askEngine,
    askRetentionDays,
    embeddings,
    secretsKey,
    integrationScriptLimits,
    cacheBytes,
    rateLimits,
    passwordHashCost,
  };
}

// The engine's key and model are read only with an engine; a URL is needed, but DeepL's is known.
function translationEngineSetting(
  env: NodeJS.ProcessEnv,
  problems: string[],
): TranslationEngineConfig | undefined {
  const raw = env.TRANSLATION_ENGINE?.trim().toLowerCase() || undefined;
  if (raw === undefined) return undefined;
  const kind = translationEngines.find((engine) => engine === raw);
  if (kind === undefined) {
    problems.push(
      `TRANSLATION_ENGINE must be one of ${translationEngines.join(', ')} (got "${raw}")`,
    );
    return undefined;
  }
  const apiKey = env.TRANSLATION_API_KEY?.trim() || undefined;
  const defaultUrl =
    kind === 'deepl'
      ? apiKey?.endsWith(':fx')
        ? 'https://api-free.deepl.com'
        : 'https://api.deepl.com'
      : kind === 'openai'
        ? 'https://api.openai.com'
        : undefined;
  const url = (env.TRANSLATION_URL?.trim() || defaultUrl)?.replace(/\/+$/, '');
  if (url === undefined || !URL.canParse(url) || !/^https?:/.test(url)) {
    problems.push(
      `TRANSLATION_URL must be the engine's absolute http(s) URL, such as http://127.0.0.1:5000 (got "${url ?? ''}")`,
    );
    return undefined;
  }
  if (kind === 'deepl' && apiKey === undefined) {
    problems.push('TRANSLATION_API_KEY is needed with TRANSLATION_ENGINE=deepl');
  }
  const model = env.TRANSLATION_MODEL?.trim() || undefined;
  const timeoutMs = integerSetting(env, 'TRANSLATION_TIMEOUT_MS', 120_000, 1000, 600_000, problems);
  return { kind, url, apiKey, model, timeoutMs };
}

// A model is optional: without `ASK_ENGINE_URL`, questions are answered with the best sections.
function askEngineSetting(env: NodeJS.ProcessEnv, problems: string[]): AskEngineConfig | undefined {
  const url = endpointUrlSetting(env, 'ASK_ENGINE_URL', "the engine's", problems);
  if (url === undefined) return undefined;
  return {
    url,
    model: env.ASK_MODEL?.trim() || 'gpt-4o-mini',
    apiKey: env.ASK_API_KEY?.trim() || undefined,
    timeoutMs: integerSetting(env, 'ASK_TIMEOUT_MS', 60_000, 1000, 600_000, problems),
    maxTokens: integerSetting(env, 'ASK_MAX_TOKENS', 800, 16, 32_000, problems),
  };
}

// Embeddings are optional: without `EMBEDDINGS_URL`, answers are found by their words alone.
function embeddingsSetting(
  env: NodeJS.ProcessEnv,
  problems: string[],
): EmbeddingsConfig | undefined {
  const url = endpointUrlSetting(env, 'EMBEDDINGS_URL', "the endpoint's", problems);
  if (url === undefined) return undefined;
  return {
    url,
    model: env.EMBEDDINGS_MODEL?.trim() || 'text-embedding-3-small',
    apiKey: env.EMBEDDINGS_API_KEY?.trim() || undefined,
    timeoutMs: integerSetting(env, 'EMBEDDINGS_TIMEOUT_MS', 30_000, 1000, 600_000, problems),
  };
}

/** The absolute http(s) URL of an OpenAI-compatible endpoint, without trailing slashes; unset: none. */
function endpointUrlSetting(
  env: NodeJS.ProcessEnv,
  name: string,
  whose: string,
  problems: string[],
): string | undefined {
  const url = env[name]?.trim().replace(/\/+$/, '') || undefined;
  if (url === undefined) return undefined;
  if (!URL.canParse(url) || !/^https?:/.test(url)) {
    problems.push(
      `${name} must be ${whose} absolute http(s) URL, such as http://127.0.0.1:11434/v1 (got "${url}")`,
    );
    return undefined;
  }
  return url;
}

// 32 bytes, written as 64 hex characters or in base64 (url-safe or not), as `openssl rand` makes them.
function secretsKeySetting(env: NodeJS.ProcessEnv, problems: string[]): Buffer | undefined {
  const value = env.SECRETS_KEY?.trim();
  if (!value) return undefined;
  const key = /^[0-9a-fA-F]{64}$/.test(value)
    ? Buffer.from(value, 'hex')
    : /^[A-Za-z0-9+/_-]{43}=?$/.test(value)
      ? Buffer.from(value.replace(/\+/g, '-').replace(/\//g, '_'), 'base64url')
      : undefined;
  if (key?.length !== 32) {
    problems.push(
      'SECRETS_KEY must be 32 bytes as 64 hex characters or in base64 (openssl rand -hex 32)',
    );
    return undefined;
  }
  return key;
}

// Files sit beside the SQLite database, so one directory holds all of an instance's data.
function defaultFilesDir(databaseUrl: string): string {
  const sqlitePath = databaseUrl.startsWith('sqlite:') ? databaseUrl.slice('sqlite:'.length) : '';
  if (sqlitePath === '' || sqlitePath === ':memory:') return './data/files';
  return `${dirname(sqlitePath)}/files`;
}

function corsOriginsSetting(
  env: NodeJS.ProcessEnv,
  problems: string[],
): readonly string[] | '*' | undefined {
  const raw = env.CORS_ORIGINS?.trim();
  if (!raw) return undefined;
  if (raw === '*') return '*';
  const origins = raw
    .split(',')
    .map((origin) => origin.trim())
    .filter((origin) => origin !== '');
  for (const origin of origins) {
    // An origin is scheme, host and port, exactly as a browser sends it: no path, lower case.
    if (!URL.canParse(origin) || new URL(origin).origin !== origin) {
      problems.push(
        `CORS_ORIGINS must be * or origins separated by commas, such as https://docs.example.com (got "${origin}")`,
      );
    }
  }
  return origins;
}

function integerSetting(
  env: NodeJS.ProcessEnv,
  name: string,
  fallback: number,
  min: number,
  max: number,
  problems: string[],
): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    problems.push(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
    return fallback;
  }
  return value;
}

function booleanSetting(env: NodeJS.ProcessEnv, name: string, problems: string[]): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (!raw) return false;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  problems.push(`${name} must be true or false (got "${raw}")`);
  return false;
}

function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}
