import { type GitHttpServer, startGitHttpServer } from './git-http-server.js';
import {
  createStaffedOrganization,
  type StaffedOrganization,
  startTestServer,
  type TestServer,
} from './test-server.js';

/** What every Git sync test starts from. */
export interface GitSyncSetup {
  /** A server that may reach loopback, where the Git host is. */
  server: TestServer;
  /** Git's own HTTP server on loopback, asking for `credentials`. */
  git: GitHttpServer;
  org: StaffedOrganization;
}

/** Starts a Git host with `credentials`, a server and an organization; stop it with {@link stopGitSyncSetup}. */
export async function startGitSyncSetup(credentials: {
  username: string;
  password: string;
}): Promise<GitSyncSetup> {
  const git = await startGitHttpServer(credentials);
  const server = await startTestServer({ outboundAllowPrivate: true });
  return { git, server, org: await createStaffedOrganization(server) };
}

/** Closes the server and the Git host of a {@link GitSyncSetup}. */
export async function stopGitSyncSetup({ server, git }: Omit<GitSyncSetup, 'org'>): Promise<void> {
  await server.close();
  await git.close();
}
