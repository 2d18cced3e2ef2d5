import type { Kysely } from 'kysely';
import { systemClock } from '../clock.js';
import { loadConfig } from '../config.js';
import { publicUrlForTools } from '../domain/instance/public-url.js';
import { createInviteLink } from '../domain/organizations/invite-links.js';
import { issueApiToken, revokeApiToken } from '../domain/users/api-tokens.js';
import { createUserWithToken } from '../domain/users/create-user.js';
import { setPassword } from '../domain/users/sessions.js';
import { invalid, notFound } from '../errors.js';
import { isMemberRole, memberRoles } from '../model/roles.js';
import { presentInviteLink } from '../presenters/invite-link.js';
import { createUrls, type Urls } from '../presenters/urls.js';
import { presentUser } from '../presenters/user.js';
import { openDatabase } from '../store/database/dialect.js';
import { migrateToLatest } from '../store/database/migrate.js';
import { findFirstAdmin, findMember } from '../store/members.js';
import { findOrganizationById } from '../store/organizations.js';
import type { Database } from '../store/schema.js';
import { findUserByEmail, findUserById } from '../store/users.js';

/** The flags a command may take. */
export interface CommandFlags {
  email?: string | undefined;
  name?: string | undefined;
  org?: string | undefined;
  role?: string | undefined;
  user?: string | undefined;
  token?: string | undefined;
}

/** What `quire --help` prints. */
export const usage = `Usage: quire <command> [flags]   (from a checkout: npx --yes pnpm@10 --silent cli <command> [flags])

  users create --email <email> [--name <name>] [--org <organizationId> --role <role>]
      Creates a user and a first API token; prints {"user", "token"}.
  users invite --org <organizationId> [--role <role>] [--user <userId>]
      Makes an invite link of the organization (role: read unless given) that works for seven
      days, made by --user (an admin; by default its longest-standing admin); prints {"url",
      "invite"}. Whoever opens the url joins, creating an account there if they have none.
  users password --email <email>
      Sets the password a person signs in to the app with, read from standard input (its first
      line; at least 8 characters); prints {"user"}.
  tokens create --user <userId>
      Creates another API token for a user; prints {"token"}.
  tokens revoke --token <token>
      Revokes an API token; prints {"revoked": true}.
  mcp
      Serves the MCP server over stdio, as the owner of the API token in QUIRE_TOKEN, calling
      the Quire server at QUIRE_API_URL (else the URL the server last started with).

Roles: ${memberRoles.join(', ')}. The database is DATABASE_URL's, as for the server; URLs
use PUBLIC_URL (or PORT and HOST) when set, else the URL the server last started with.
`;

/**
 * Runs one CLI command against the configured database and answers what to print.
 * @example await runCommand(['tokens', 'create'], { user: 'abc' }, process.env);
 */
export async function runCommand(
  [area, action, ...rest]: string[],
  flags: CommandFlags,
  env: NodeJS.ProcessEnv,
  readInput: () => Promise<string> = readStandardInput,
): Promise<unknown> {
  if (rest.length > 0) throw invalid(`Unexpected arguments: ${rest.join(' ')}\n\n${usage}`);
  const config = loadConfig(env);
  const { db, dialect } = openDatabase(config.databaseUrl);
  try {
    await migrateToLatest(db, dialect);
    const urls = createUrls(await publicUrlForTools(db, config, env));
    const now = systemClock.now();
    switch (`${area} ${action}`) {
      case 'users create': {
        const { user, token } = await createUserWithToken(db, userInput(flags), now);
        return { user: presentUser(user, urls), token };
      }
      case 'users invite':
        return await invite(db, flags, urls, now);
      case 'users password': {
        const email = required(flags.email, '--email').toLowerCase();
        const user = await findUserByEmail(db, email);
        if (user === undefined) throw notFound(`No user has the email ${email}`);
        const [password = ''] = (await readInput()).split(/\r?\n/);
        await setPassword(db, user.id, password, now, config.passwordHashCost);
        return { user: presentUser(user, urls) };
      }
      case 'tokens create': {
        const userId = required(flags.user, '--user');
        if ((await findUserById(db, userId)) === undefined)
          throw notFound(`User ${userId} not found`);
        return { token: await issueApiToken(db, userId, now) };
      }
      case 'tokens revoke':
        return await revoke(db, required(flags.token, '--token'));
      default:
        throw invalid(`Unknown command "${[area, action].filter(Boolean).join(' ')}"\n\n${usage}`);
    }
  } finally {
    await db.destroy();
  }
}

function userInput(flags: CommandFlags) {
  const email = required(flags.email, '--email');
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email))
    throw invalid(`--email must be an email address (got "${email}")`);
  if ((flags.org === undefined) !== (flags.role === undefined)) {
    throw invalid('--org and --role go together');
  }
  if (flags.role !== undefined && !isMemberRole(flags.role)) {
    throw invalid(`--role must be one of ${memberRoles.join(', ')} (got "${flags.role}")`);
  }
  return {
    email,
    displayName: flags.name,
    membership:
      flags.org !== undefined && isMemberRole(flags.role)
        ? { organizationId: flags.org, role: flags.role }
        : undefined,
  };
}

// A link printed to be passed on by hand: it stops working on its own.
const cliInviteLifetimeMs = 7 * 24 * 60 * 60 * 1000;

async function invite(db: Kysely<Database>, flags: CommandFlags, urls: Urls, now: Date) {
  const organizationId = required(flags.org, '--org');
  const role = flags.role ?? 'read';
  if (!isMemberRole(role)) {
    throw invalid(`--role must be one of ${memberRoles.join(', ')} (got "${role}")`);
  }
  const organization = await findOrganizationById(db, organizationId);
  if (organization === undefined) throw notFound(`Organization ${organizationId} not found`);
  const userId = flags.user ?? (await findFirstAdmin(db, organizationId));
  const admin = userId === undefined ? undefined : await findUserById(db, userId);
  const membership = admin && (await findMember(db, organizationId, admin.id));
  if (admin === undefined || membership?.role !== 'admin') {
    throw invalid(`--user must be an admin of organization ${organizationId}`);
  }
  const link = await createInviteLink(
    db,
    { user: admin },
    organization,
    { role, expiresAt: new Date(now.getTime() + cliInviteLifetimeMs).toISOString() },
    now,
  );
  const presented = presentInviteLink(link, urls);
  return { url: presented.urls.app, invite: presented };
}

async function revoke(db: Kysely<Database>, token: string): Promise<{ revoked: true }> {
  if (!(await revokeApiToken(db, token))) throw notFound('No such API token');
  return { revoked: true };
}

function required(value: string | undefined, flag: string): string {
  if (value === undefined || value.trim() === '') throw invalid(`${flag} is required\n\n${usage}`);
  return value.trim();
}

/** All of standard input, as text. */
async function readStandardInput(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
