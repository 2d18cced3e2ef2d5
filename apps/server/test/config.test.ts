import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';

describe('configuration', () => {
  it('has defaults for everything', () => {
    expect(loadConfig({})).toEqual({
      port: 8080,
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
    });
    expect(config).toMatchObject({
      corsOrigins: ['https://docs.example.com', 'http://localhost:3000'],
      port: 9000,
      host: '0.0.0.0',
      databaseUrl: 'postgres://quire@db/quire',
      publicUrl: 'https://docs.example.com',
      bootstrapToken: 'qr_0123456789abcdef',
      outboundAllowPrivate: true,
      logLevel: 'warn',
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
      });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(/PORT must be a whole number/);
    expect(load).toThrow(/DATABASE_URL must start with sqlite: .* or postgres:\/\//);
    expect(load).toThrow(/BOOTSTRAP_TOKEN must look like qr_/);
    expect(load).toThrow(/LOG_LEVEL must be one of/);
    expect(load).toThrow(/CORS_ORIGINS must be \* or origins .*\/app/);
  });

  it('allows every origin with CORS_ORIGINS=*', () => {
    expect(loadConfig({ CORS_ORIGINS: '*' }).corsOrigins).toBe('*');
  });
});
