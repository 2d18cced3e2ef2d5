import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordPublicUrl } from '../src/domain/instance/public-url.js';
import { createOrganizationAsAdmin } from '../src/domain/organizations/create-organization.js';
import { authenticateApiToken } from '../src/domain/users/api-tokens.js';
import { createUserWithToken } from '../src/domain/users/create-user.js';
import { signInWithPassword } from '../src/domain/users/sessions.js';
import { signUpWithInviteLink } from '../src/domain/users/sign-up.js';
import { openDatabase } from '../src/store/database/dialect.js';
import { migrateToLatest } from '../src/store/database/migrate.js';
import { findOrganizationById } from '../src/store/organizations.js';
import { builtEntry } from './support/server-process.js';
import { testPasswordEnv, testPasswordHashCost } from './support/test-passwords.js';

const run = promisify(execFile);
const cli = builtEntry('cli');
const main = builtEntry('main');

// The CLI is a separate process on the same DATABASE_URL as the server; this runs it for real.
describe('quire CLI', { timeout: 60_000 }, () => {
  const directory = mkdtempSync(join(tmpdir(), 'quire-cli-'));
  const databaseUrl = `sqlite:${join(directory, 'quire.db')}`;
  let organizationId: string;

  const quireWith = async (env: Record<string, string>, ...args: string[]) => {
    const { PUBLIC_URL, PORT, HOST, ...inherited } = process.env;
    try {
      const { stdout } = await run(process.execPath, [cli, ...args], {
        env: { ...inherited, ...testPasswordEnv, DATABASE_URL: databaseUrl, ...env },
      });
      // One JSON line, so scripts can read it line by line.
      expect(stdout.split('\n')).toHaveLength(2);
      return { code: 0, output: JSON.parse(stdout) as Record<string, unknown>, stderr: '' };
    } catch (error) {
      const failure = error as { code: number; stderr: string };
      return { code: failure.code, output: undefined, stderr: failure.stderr };
    }
  };
  const quire = (...args: string[]) => quireWith({}, ...args);
  /** Runs the CLI with `input` on its standard input. */
  const quireReading = (input: string, ...args: string[]) => {
    const { PUBLIC_URL, PORT, HOST, ...inherited } = process.env;
    const child = execFile(process.execPath, [cli, ...args], {
      env: { ...inherited, ...testPasswordEnv, DATABASE_URL: databaseUrl },
    });
    child.stdin?.end(input);
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    return once(child, 'close').then(([code]) => ({ code: code as number, stdout, stderr }));
  };

  beforeAll(async () => {
    const { db, dialect } = openDatabase(databaseUrl);
    await migrateToLatest(db, dialect);
    const { user } = await createUserWithToken(db, { email: 'admin@example.com' }, new Date());
    organizationId = (
      await createOrganizationAsAdmin(db, { user }, { title: 'CLI org' }, new Date())
    ).id;
    // As the server does when it starts, so the CLI hands out the URLs the server answers on.
    await recordPublicUrl(db, 'https://docs.example.com', new Date());
    await db.destroy();
  });
  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  it('sets a password read from standard input, which then signs in', async () => {
    await quire('users', 'create', '--email', 'writer@example.com');
    const set = await quireReading(
      'a long passphrase\nignored\n',
      'users',
      'password',
      '--email',
      'Writer@Example.com',
    );
    expect(set.stderr).toBe('');
    expect(JSON.parse(set.stdout)).toMatchObject({ user: { email: 'writer@example.com' } });
    const short = await quireReading(
      'short\n',
      'users',
      'password',
      '--email',
      'writer@example.com',
    );
    expect(short.code).toBe(1);
    expect(short.stderr).toContain('at least 8 characters');
    const nobody = await quireReading(
      'a long passphrase\n',
      'users',
      'password',
      '--email',
      'nobody@example.com',
    );
    expect(nobody.stderr).toContain('No user has the email nobody@example.com');

    const { db } = openDatabase(databaseUrl);
    try {
      const services = { db, passwordHashCost: testPasswordHashCost };
      const signIn = (password: string) =>
        signInWithPassword(services, { email: 'writer@example.com', password }, new Date());
      expect((await signIn('a long passphrase')).user.email).toBe('writer@example.com');
      await expect(signIn('short')).rejects.toThrow('Wrong email or password');
    } finally {
      await db.destroy();
    }
  });

  it('prints an invite link that signs a newcomer up into the organization', async () => {
    const made = await quire('users', 'invite', '--org', organizationId, '--role', 'comment');
    expect(made.stderr).toBe('');
    const invite = made.output?.invite as { id: string; role: string; expiresAt: string };
    expect(made.output?.url).toBe(
      `https://docs.example.com/app/invite/${organizationId}/${invite.id}`,
    );
    expect(invite.role).toBe('comment');
    expect(Date.parse(invite.expiresAt) - Date.now()).toBeGreaterThan(6 * 24 * 3600_000);

    const { db } = openDatabase(databaseUrl);
    try {
      const organization = await findOrganizationById(db, organizationId);
      const started = await signUpWithInviteLink(
        db,
        organization,
        invite.id,
        { email: 'newcomer@example.com', password: 'a long passphrase' },
        new Date(),
      );
      const membership = await db
        .selectFrom('organization_members')
        .select('role')
        .where('user_id', '=', started.user.id)
        .executeTakeFirst();
      expect(membership?.role).toBe('comment');
    } finally {
      await db.destroy();
    }
  });

  it('creates users with a token, with and without a membership, and tokens that work', async () => {
    const plain = await quire(
      'users',
      'create',
      '--email',
      'Plain@Example.com',
      '--name',
      'Plain Person',
    );
    expect(plain.stderr).toBe('');
    expect(plain.output).toMatchObject({
      user: {
        object: 'user',
        email: 'plain@example.com',
        displayName: 'Plain Person',
        urls: { location: expect.stringMatching(/^https:\/\/docs\.example\.com\/v1\/users\//) },
      },
      token: expect.stringMatching(/^qr_/),
    });
    const member = await quire(
      'users',
      'create',
      '--email',
      'member@example.com',
      '--org',
      organizationId,
      '--role',
      'edit',
    );
    expect(member.stderr).toBe('');
    const elsewhere = await quireWith(
      { PORT: '9123' },
      'users',
      'create',
      '--email',
      'elsewhere@example.com',
    );
    expect(elsewhere.output).toMatchObject({
      user: { urls: { location: expect.stringMatching(/^http:\/\/127\.0\.0\.1:9123\/v1\//) } },
    });
    const memberId = String((member.output?.user as { id?: string } | undefined)?.id);

    const second = await quire('tokens', 'create', '--user', memberId);
    expect(second.stderr).toBe('');
    const token = String(second.output?.token);
    expect(token).toMatch(/^qr_/);

    const { db } = openDatabase(databaseUrl);
    try {
      expect((await authenticateApiToken(db, token))?.id).toBe(memberId);
      const membership = await db
        .selectFrom('organization_members')
        .select('role')
        .where('user_id', '=', memberId)
        .executeTakeFirst();
      expect(membership?.role).toBe('edit');

      expect((await quire('tokens', 'revoke', '--token', token)).output).toEqual({ revoked: true });
      expect(await authenticateApiToken(db, token)).toBeUndefined();
    } finally {
      await db.destroy();
    }
  });

  it('fails clearly on bad input', async () => {
    // One process at a time: parallel starts on a loaded machine only test the machine.
    const cases: [string[], RegExp][] = [
      [['users', 'create', '--email', 'plain@example.com'], /already exists/],
      [
        ['users', 'create', '--email', 'x@example.com', '--role', 'edit'],
        /--org and --role go together/,
      ],
      [
        ['users', 'create', '--email', 'y@example.com', '--org', organizationId, '--role', 'boss'],
        /--role must be one of/,
      ],
      [
        ['users', 'create', '--email', 'z@example.com', '--org', 'nope', '--role', 'read'],
        /Organization nope not found/,
      ],
      [['users', 'create', '--email', 'not-an-email'], /--email must be an email address/],
      [['tokens', 'create', '--user', 'nobody'], /User nobody not found/],
      [['users', 'invite', '--org', 'nope'], /Organization nope not found/],
      [['tokens', 'revoke', '--token', 'qr_unknown'], /No such API token/],
      [['spaces', 'explode'], /Unknown command/],
    ];
    const failures = [];
    for (const [args, expected] of cases) failures.push({ expected, result: await quire(...args) });
    for (const { expected, result } of failures) {
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(expected);
    }
  });
});

// What a newcomer runs first, where it cannot work: one line that says what to do, no stack.
describe('quire, started where it cannot run', { timeout: 60_000 }, () => {
  const directory = mkdtempSync(join(tmpdir(), 'quire-nowhere-'));
  afterAll(() => rmSync(directory, { recursive: true, force: true }));
  const { PUBLIC_URL, PORT, HOST, DATABASE_URL, QUIRE_API_URL, ...inherited } = process.env;
  const failing = async (args: string[], env: Record<string, string> = {}) => {
    const error = await run(process.execPath, args, {
      cwd: directory,
      env: { ...inherited, LOG_LEVEL: 'silent', ...env },
    }).then(
      () => undefined,
      (thrown: unknown) => thrown as { code: number; stderr: string },
    );
    expect(error?.code).toBe(1);
    const lines = (error?.stderr ?? '').trim().split('\n');
    expect(lines).toHaveLength(1);
    return lines[0] ?? '';
  };

  it('says to set QUIRE_API_URL when quire mcp finds no server, and makes no database', async () => {
    const said = await failing([cli, 'mcp'], { QUIRE_TOKEN: 'qr_anything_at_all_0123' });
    expect(said).toMatch(/^quire: quire mcp needs QUIRE_API_URL .*no Quire database at/);
    expect(existsSync(join(directory, 'data'))).toBe(false);
  });

  it('says the port is in use, and which', async () => {
    const taken = createServer();
    taken.listen(0, '127.0.0.1');
    await once(taken, 'listening');
    const { port } = taken.address() as AddressInfo;
    try {
      const said = await failing([main], {
        DATABASE_URL: `sqlite:${join(directory, 'quire.db')}`,
        HOST: '127.0.0.1',
        PORT: String(port),
        BOOTSTRAP_TOKEN: 'qr_port_in_use_token_0123',
      });
      expect(said).toBe(
        `quire: 127.0.0.1:${port} is already in use: stop what listens there, or set PORT`,
      );
    } finally {
      taken.close();
    }
  });
});
