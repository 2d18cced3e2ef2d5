import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';

describe('configuration', () => {
  it('has defaults for everything', () => {
    expect(loadConfig({})).toEqual({
      port: 8080,
      cacheBytes: 256 * 1024 * 1024,
      rateLimits: {
        perMinute: 1200,
        searchPerMinute: 120,
        signInPerMinute: 20,
        askPerMinute: 20,
        askSitePerMinute: 300,
      },
      host: '127.0.0.1',
      databaseUrl: 'sqlite:./data/quire.db',
      publicUrl: 'http://127.0.0.1:8080',
      bootstrapToken: undefined,
      bootstrapEmail: 'owner@quire.local',
      bootstrapOrg: 'My organization',
      outboundAllowPrivate: false,
      logLevel: 'info',
      requestBodyLimit: 5 * 1024 * 1024,
      corsOrigins: undefined,
      auditRetentionDays: 365,
      insightsRetentionDays: 365,
      askRetentionDays: 365,
      filesDir: './data/files',
      filesUrl: undefined,
      filesS3Endpoint: undefined,
      fileSizeLimit: 10 * 1024 * 1024,
      openApiFetchTimeoutMs: 10_000,
      integrationScriptLimits: { cpuMs: 1000, memoryBytes: 64 * 1024 * 1024, wallMs: 30_000 },
      passwordHashCost: 17,
    });
  });

  it('reads every setting', () => {
    const config = loadConfig({
      PORT: '9000',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://quire@db/quire',
      PUBLIC_URL: 'https://docs.example.com/',
      BOOTSTRAP_TOKEN: 'qr_0123456789abcdef',
      BOOTSTRAP_EMAIL: 'me@example.com',
      BOOTSTRAP_ORG: 'Example',
      OUTBOUND_ALLOW_PRIVATE: 'true',
      LOG_LEVEL: 'warn',
      CORS_ORIGINS: 'https://docs.example.com, http://localhost:3000',
      FILES_DIR: '/var/lib/quire/files',
      FILES_URL: 's3://quire-files/prod',
      FILES_S3_ENDPOINT: 'http://127.0.0.1:9000/',
      FILE_SIZE_LIMIT: '2048',
      OPENAPI_FETCH_TIMEOUT_MS: '2500',
      INTEGRATION_SCRIPT_CPU_MS: '250',
      INTEGRATION_SCRIPT_MEMORY_MB: '32',
      INTEGRATION_SCRIPT_TIMEOUT_MS: '5000',
      CACHE_MB: '64',
      RATE_LIMIT_PER_MINUTE: '600',
      RATE_LIMIT_SEARCH_PER_MINUTE: '0',
      RATE_LIMIT_SIGN_IN_PER_MINUTE: '5',
      PASSWORD_HASH_COST: '18',
      ASK_ENGINE_URL: 'http://127.0.0.1:11434/v1/',
      ASK_MODEL: 'llama3.2',
      ASK_API_KEY: 'model-key',
      ASK_TIMEOUT_MS: '30000',
      ASK_MAX_TOKENS: '500',
      ASK_RETENTION_DAYS: '30',
      RATE_LIMIT_ASK_PER_MINUTE: '5',
      RATE_LIMIT_ASK_SITE_PER_MINUTE: '50',
      EMBEDDINGS_URL: 'http://127.0.0.1:11434',
      EMBEDDINGS_MODEL: 'nomic-embed-text',
    });
    expect(config).toMatchObject({
      askEngine: {
        url: 'http://127.0.0.1:11434/v1',
        model: 'llama3.2',
        apiKey: 'model-key',
        timeoutMs: 30000,
        maxTokens: 500,
      },
      askRetentionDays: 30,
      embeddings: {
        url: 'http://127.0.0.1:11434',
        model: 'nomic-embed-text',
        apiKey: undefined,
        timeoutMs: 30000,
      },
      openApiFetchTimeoutMs: 2500,
      cacheBytes: 64 * 1024 * 1024,
      rateLimits: {
        perMinute: 600,
        searchPerMinute: 0,
        signInPerMinute: 5,
        askPerMinute: 5,
        askSitePerMinute: 50,
      },
      integrationScriptLimits: { cpuMs: 250, memoryBytes: 32 * 1024 * 1024, wallMs: 5000 },
      filesDir: '/var/lib/quire/files',
      filesUrl: 's3://quire-files/prod',
      filesS3Endpoint: 'http://127.0.0.1:9000',
      fileSizeLimit: 2048,
      corsOrigins: ['https://docs.example.com', 'http://localhost:3000'],
      port: 9000,
      host: '0.0.0.0',
      databaseUrl: 'postgres://quire@db/quire',
      publicUrl: 'https://docs.example.com',
      bootstrapToken: 'qr_0123456789abcdef',
      outboundAllowPrivate: true,
      logLevel: 'warn',
      passwordHashCost: 18,
    });
  });

  it('lists every bad setting in one clear error', () => {
    const load = () =>
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        BOOTSTRAP_TOKEN: 'secret',
        LOG_LEVEL: 'loud',
        CORS_ORIGINS: 'https://docs.example.com/app',
        FILES_URL: 'https://bucket.s3.amazonaws.com',
        FILES_S3_ENDPOINT: 'minio:9000',
        FILE_SIZE_LIMIT: '100',
        INTEGRATION_SCRIPT_CPU_MS: 'forever',
        INTEGRATION_SCRIPT_MEMORY_MB: '4',
        CACHE_MB: 'lots',
        RATE_LIMIT_PER_MINUTE: '-1',
        PASSWORD_HASH_COST: '8',
        ASK_ENGINE_URL: 'ollama:11434',
        ASK_MAX_TOKENS: '5',
        EMBEDDINGS_URL: 'nowhere',
      });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(/INTEGRATION_SCRIPT_CPU_MS must be a whole number from 10 to 60000/);
    expect(load).toThrow(/INTEGRATION_SCRIPT_MEMORY_MB must be a whole number from 8 to 1024/);
    expect(load).toThrow(/PORT must be a whole number/);
    expect(load).toThrow(/DATABASE_URL must start with sqlite: .* or postgres:\/\//);
    expect(load).toThrow(/BOOTSTRAP_TOKEN must look like qr_/);
    expect(load).toThrow(/LOG_LEVEL must be one of/);
    expect(load).toThrow(/CORS_ORIGINS must be \* or origins .*\/app/);
    expect(load).toThrow(/FILES_URL must look like s3:\/\/bucket/);
    expect(load).toThrow(/FILES_S3_ENDPOINT must be an absolute http\(s\) URL/);
    expect(load).toThrow(/FILE_SIZE_LIMIT must be a whole number from 1024/);
    expect(load).toThrow(/CACHE_MB must be a whole number from 16 to 65536/);
    expect(load).toThrow(/RATE_LIMIT_PER_MINUTE must be a whole number from 0 to 1000000/);
    expect(load).toThrow(/PASSWORD_HASH_COST must be a whole number from 10 to 20/);
    expect(load).toThrow(/ASK_ENGINE_URL must be the engine's absolute http\(s\) URL/);
    expect(load).toThrow(/EMBEDDINGS_URL must be the endpoint's absolute http\(s\) URL/);
  });

  it('keeps files beside the SQLite database unless FILES_DIR says otherwise', () => {
    expect(loadConfig({ DATABASE_URL: 'sqlite:/srv/quire/quire.db' }).filesDir).toBe(
      '/srv/quire/files',
    );
    expect(loadConfig({ DATABASE_URL: 'sqlite:quire.db' }).filesDir).toBe('./files');
    expect(loadConfig({ DATABASE_URL: 'sqlite::memory:' }).filesDir).toBe('./data/files');
    expect(loadConfig({ DATABASE_URL: 'postgres://quire@db/quire' }).filesDir).toBe('./data/files');
  });

  it('needs FILES_URL when an S3 endpoint is given', () => {
    expect(() => loadConfig({ FILES_S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(
      /FILES_S3_ENDPOINT is set but FILES_URL is not/,
    );
    expect(
      loadConfig({ FILES_URL: 's3://quire-files', FILES_S3_ENDPOINT: 'http://127.0.0.1:9000' }),
    ).toMatchObject({ filesUrl: 's3://quire-files', filesS3Endpoint: 'http://127.0.0.1:9000' });
  });

  it('allows every origin with CORS_ORIGINS=*', () => {
    expect(loadConfig({ CORS_ORIGINS: '*' }).corsOrigins).toBe('*');
  });
});
