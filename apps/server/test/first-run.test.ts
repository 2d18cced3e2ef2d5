import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess } from './support/server-process.js';
import { testPasswordEnv } from './support/test-passwords.js';

// What a person sees on the first `pnpm start`, on the real process.
describe('first run', { timeout: 60_000 }, () => {
  const directory = mkdtempSync(join(tmpdir(), 'quire-first-run-'));
  const env = {
    ...testPasswordEnv,
    DATABASE_URL: `sqlite:${join(directory, 'quire.db')}`,
    PORT: '0',
    PUBLIC_URL: 'https://docs.example.com',
  };
  const started: ServerProcess[] = [];
  afterAll(() => {
    for (const server of started) server.child.kill('SIGKILL');
    rmSync(directory, { recursive: true, force: true });
  });

  const start = async (extra: Record<string, string> = {}) => {
    const server = startServerProcess({ ...env, ...extra });
    started.push(server);
    const { port } = await server.waitFor('quire is listening');
    return { server, baseUrl: `http://127.0.0.1:${port}` };
  };
  const stop = async (server: ServerProcess) => {
    const exited = once(server.child, 'close');
    server.child.kill('SIGTERM');
    await exited;
  };

  it('prints the organization id and a token that works, once, with a curl line', async () => {
    const { server, baseUrl } = await start();
    const printed = server.text();
    const organizationId = /the organization ([A-Za-z0-9]{20})/.exec(printed)?.[1];
    const token = /your API token \(shown once\): (qr_\S+)/.exec(printed)?.[1];
    expect(organizationId).toBeDefined();
    expect(printed).toContain(
      `curl -H "Authorization: Bearer ${token}" https://docs.example.com/v1/orgs`,
    );
    const organizations = (await (
      await fetch(`${baseUrl}/v1/orgs`, { headers: { Authorization: `Bearer ${token}` } })
    ).json()) as { items: { id: string; title: string }[] };
    expect(organizations.items.map((organization) => organization.id)).toEqual([organizationId]);
    // The owner signs in to the app with the password printed beside the token.
    const password = /with the password \(shown once\): (\S+)/.exec(printed)?.[1] ?? '';
    expect(printed).toContain('sign in at https://docs.example.com/app as owner@quire.local');
    const signedIn = await fetch(`${baseUrl}/v1/auth/sign-in`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'owner@quire.local', password }),
    });
    expect(signedIn.status).toBe(200);
    const home = await fetch(`${baseUrl}/`, {
      redirect: 'manual',
      headers: { cookie: signedIn.headers.get('set-cookie')?.split(';')[0] ?? '' },
    });
    expect(home.headers.get('location')).toBe('/app/');
    await stop(server);

    const again = await start();
    expect(again.server.text()).not.toMatch(/token|first start|password/);
    await stop(again.server);
  });

  it('prints no token when BOOTSTRAP_TOKEN set it', async () => {
    const token = 'qr_first_run_token_0123';
    const { server, baseUrl } = await start({
      DATABASE_URL: `sqlite:${join(directory, 'preset.db')}`,
      BOOTSTRAP_TOKEN: token,
    });
    expect(server.text()).not.toContain(token);
    expect(server.text()).toContain('BOOTSTRAP_TOKEN');
    const user = await fetch(`${baseUrl}/v1/user`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(user.status).toBe(200);
    await stop(server);
  });
});
