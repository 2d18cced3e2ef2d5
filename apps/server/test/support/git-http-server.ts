import { execFile, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Git's own smart HTTP server (`git http-backend`) on a loopback port, over bare repositories. */
export interface GitHttpServer {
  /** The URL of a repository, with credentials when given. */
  url(name: string, credentials?: { username: string; password: string }): string;
  /** Creates an empty bare repository. */
  createRepository(name: string): Promise<void>;
  /** Runs `git` with arguments in a folder. */
  git(cwd: string, ...args: string[]): Promise<string>;
  /** Clones a repository into a new folder (for a test to commit to it as a writer would). */
  clone(name: string): Promise<string>;
  /** Every file of a branch, by path. */
  files(name: string, branch?: string): Promise<Map<string, string>>;
  /** The commits of a branch, newest first. */
  commits(name: string, branch?: string): Promise<string[]>;
  /** How many requests asked for credentials and were refused. */
  refusals: number;
  /** How many requests arrived, answered or held. */
  requests: number;
  /**
   * Holds every request from now on unanswered, as a slow host would, until the returned
   * function is called.
   */
  hold(): () => void;
  close(): Promise<void>;
}

const identity = [
  '-c',
  'user.name=Writer',
  '-c',
  'user.email=writer@example.com',
  '-c',
  'init.defaultBranch=main',
];

/**
 * Starts `git http-backend` behind a small HTTP server, as a Git host serves repositories:
 * clones, fetches and pushes go through Git's real protocol. With `credentials`, a request
 * without them (or with others) is answered 401, as hosts do.
 */
export async function startGitHttpServer(credentials?: {
  username: string;
  password: string;
}): Promise<GitHttpServer> {
  const root = await mkdtemp(join(tmpdir(), 'quire-git-server-'));
  const work = await mkdtemp(join(tmpdir(), 'quire-git-work-'));
  const state = { refusals: 0, requests: 0 };
  let held: Promise<void> | undefined;
  const expected =
    credentials === undefined
      ? undefined
      : `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64')}`;
  const server = createServer(async (request, response) => {
    state.requests += 1;
    await held;
    if (expected !== undefined && request.headers.authorization !== expected) {
      state.refusals += 1;
      response.writeHead(401, { 'WWW-Authenticate': 'Basic realm="git"' }).end();
      return;
    }
    serveCgi(root, request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const git = async (cwd: string, ...args: string[]) =>
    (await run('git', [...identity, ...args], { cwd, maxBuffer: 64 * 1024 * 1024 })).stdout;
  let clones = 0;
  return {
    url: (name, auth) =>
      auth === undefined
        ? `http://127.0.0.1:${port}/${name}.git`
        : `http://${encodeURIComponent(auth.username)}:${encodeURIComponent(auth.password)}@127.0.0.1:${port}/${name}.git`,
    async createRepository(name) {
      await git(root, 'init', '--bare', '--quiet', `${name}.git`);
      await git(join(root, `${name}.git`), 'config', 'http.receivepack', 'true');
    },
    git,
    async clone(name) {
      clones += 1;
      const dir = join(work, `clone-${clones}`);
      await git(work, 'clone', '--quiet', join(root, `${name}.git`), dir);
      return dir;
    },
    async files(name, branch = 'main') {
      const dir = join(root, `${name}.git`);
      // `-z`: paths as they are, not quoted (`"\303\274ber/a.md"` for `über/a.md`).
      const list = await git(dir, 'ls-tree', '-r', '-z', '--name-only', branch);
      const files = new Map<string, string>();
      for (const path of list.split('\0').filter(Boolean)) {
        files.set(path, await git(dir, 'show', `${branch}:${path}`));
      }
      return files;
    },
    async commits(name, branch = 'main') {
      const dir = join(root, `${name}.git`);
      // A branch nobody pushed yet has no commits; any other failure is the test's to see.
      const log = await git(dir, 'log', '--format=%H', branch).catch((error: unknown) => {
        if (String(error).includes('unknown revision')) return '';
        throw error;
      });
      return log.split('\n').filter(Boolean);
    },
    get refusals() {
      return state.refusals;
    },
    get requests() {
      return state.requests;
    },
    hold() {
      let release: () => void = () => undefined;
      held = new Promise((resolve) => {
        release = () => {
          held = undefined;
          resolve();
        };
      });
      return release;
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(root, { recursive: true, force: true });
      await rm(work, { recursive: true, force: true });
    },
  };
}

// `git http-backend` is a CGI program: the request goes in as environment and body, the answer
// comes out as headers, a blank line and the body.
function serveCgi(root: string, request: IncomingMessage, response: ServerResponse): void {
  const url = new URL(request.url ?? '/', 'http://git.test');
  const backend = spawn('git', ['http-backend'], {
    env: {
      ...process.env,
      GIT_PROJECT_ROOT: root,
      GIT_HTTP_EXPORT_ALL: '1',
      REQUEST_METHOD: request.method ?? 'GET',
      PATH_INFO: decodeURIComponent(url.pathname),
      QUERY_STRING: url.search.slice(1),
      CONTENT_TYPE: request.headers['content-type'] ?? '',
      CONTENT_LENGTH: request.headers['content-length'] ?? '',
      HTTP_CONTENT_ENCODING: request.headers['content-encoding'] ?? '',
      GIT_PROTOCOL: String(request.headers['git-protocol'] ?? ''),
      REMOTE_USER: 'writer',
      REMOTE_ADDR: '127.0.0.1',
    },
  });
  request.pipe(backend.stdin);
  let head = Buffer.alloc(0);
  let headerDone = false;
  backend.stdout.on('data', (chunk: Buffer) => {
    if (headerDone) {
      response.write(chunk);
      return;
    }
    head = Buffer.concat([head, chunk]);
    const end = head.indexOf('\r\n\r\n');
    if (end === -1) return;
    headerDone = true;
    let status = 200;
    for (const line of head.subarray(0, end).toString('latin1').split('\r\n')) {
      const colon = line.indexOf(':');
      if (colon === -1) continue;
      const name = line.slice(0, colon).trim();
      const value = line.slice(colon + 1).trim();
      if (name.toLowerCase() === 'status') status = Number.parseInt(value, 10);
      else response.setHeader(name, value);
    }
    response.writeHead(status);
    response.write(head.subarray(end + 4));
  });
  backend.stdout.on('end', () => response.end());
  // Git itself could not start: the answer says why, for the test that reads it.
  backend.on('error', (error) => response.writeHead(500).end(`git http-backend: ${error.message}`));
}
