import { loadOpenApiDocument } from '@quire/contract';
import { describe, expect, it } from 'vitest';
import { ContractViolation, contractCheckedFetch } from './support/contract-fetch.js';

// The check every API test relies on must itself catch answers the contract does not allow.
describe('contract-checked fetch', () => {
  const document = loadOpenApiDocument();
  const answer = (status: number, body: unknown) =>
    contractCheckedFetch(async () => Response.json(body, { status }), document);
  const get = (path: string) => new Request(`http://quire.test${path}`);

  it('passes an answer that matches the contract', async () => {
    const fetch = answer(200, { version: '1.0.0', build: '2026-01-01T00:00:00.000Z' });
    expect((await fetch(get('/v1/'))).status).toBe(200);
  });

  it('fails on a body that does not match the schema', async () => {
    const fetch = answer(200, { version: '1.0.0' });
    await expect(fetch(get('/v1/'))).rejects.toThrow(ContractViolation);
  });

  it('fails on a status the operation does not declare', async () => {
    const fetch = answer(500, { error: { code: 500, message: 'boom' } });
    await expect(fetch(get('/v1/spaces/abc'))).rejects.toThrow(/declares only/);
  });

  it('fails on an error answer without the error body, even outside every operation', async () => {
    await expect(answer(404, { message: 'nope' })(get('/v1/unknown'))).rejects.toThrow(
      ContractViolation,
    );
    await expect(
      answer(404, { error: { code: 404, message: 'nope' } })(get('/v1/unknown')),
    ).resolves.toHaveProperty('status', 404);
  });
});
