import * as fs from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, posix, relative, sep } from 'node:path';
import git, { type HttpClient } from 'isomorphic-git';

/** A branch of a remote repository, and how to sign in to it. */
export interface GitRemote {
  /** The repository's URL, without credentials. */
  url: string;
  /** The branch, without `refs/heads/`. */
  branch: string;
  credentials?: { username: string; password: string };
}

/** A branch checked out in a folder of its own: its commit (`null`: no such branch yet) and files. */
export interface Checkout {
  dir: string;
  head: string | null;
  files: Map<string, Uint8Array>;
}

/** Who a commit is by. */
export interface CommitAuthor {
  name: string;
  email: string;
}

const committer: CommitAuthor = { name: 'Quire', email: 'quire@localhost' };

/**
 * Checks out the tip of the remote's branch (only that commit: history is not needed to sync) in
 * a new temporary folder; a branch the remote does not have yet is a new, empty repository that
 * the first push creates.
 */
export async function checkOut(remote: GitRemote, http: HttpClient): Promise<Checkout> {
  const dir = await mkdtemp(join(tmpdir(), 'quire-git-'));
  try {
    const tip = await remoteTip(remote, http);
    if (tip === null) {
      await git.init({ fs, dir, defaultBranch: remote.branch });
      return { dir, head: null, files: new Map() };
    }
    await git.clone({
      fs,
      http,
      dir,
      url: remote.url,
      ref: remote.branch,
      singleBranch: true,
      depth: 1,
      noTags: true,
      headers: authHeaders(remote),
    });
    return { dir, head: tip, files: await readTree(dir) };
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Writes and deletes files in a checkout, commits them on top of its head and pushes the commit
 * to the branch; answers the new commit, or `null` when the files were already so (no commit).
 * A push the remote refuses (someone pushed first) throws: the next sync starts again from the
 * new tip.
 */
export async function commitAndPush(
  checkout: Checkout,
  remote: GitRemote,
  http: HttpClient,
  change: { writes: ReadonlyMap<string, Uint8Array>; deletes: ReadonlySet<string> },
  { message, author, at }: { message: string; author: CommitAuthor; at: Date },
): Promise<string | null> {
  const { dir } = checkout;
  for (const [path, bytes] of change.writes) {
    const file = join(dir, ...path.split('/'));
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, bytes);
    await git.add({ fs, dir, filepath: path });
  }
  for (const path of change.deletes) {
    await unlink(join(dir, ...path.split('/'))).catch(() => undefined);
    await git.remove({ fs, dir, filepath: path });
  }
  const status = await git.statusMatrix({ fs, dir });
  // [path, head, workdir, stage]: staged equal to the head means nothing to commit.
  if (status.every(([, head, , stage]) => head === stage || (head === 1 && stage === 1))) {
    return null;
  }
  const oid = await git.commit({
    fs,
    dir,
    message,
    author: { ...author, timestamp: Math.floor(at.getTime() / 1000), timezoneOffset: 0 },
    committer: { ...committer, timestamp: Math.floor(at.getTime() / 1000), timezoneOffset: 0 },
  });
  const pushed = await git.push({
    fs,
    http,
    dir,
    url: remote.url,
    ref: remote.branch,
    remoteRef: `refs/heads/${remote.branch}`,
    headers: authHeaders(remote),
  });
  if (!pushed.ok) {
    const refused = Object.values(pushed.refs ?? {}).find((ref) => !ref.ok)?.error;
    throw new Error(`The remote refused the push${refused ? `: ${refused}` : ''}`);
  }
  return oid;
}

/** Removes a checkout's folder. */
export async function removeCheckout(checkout: Checkout): Promise<void> {
  await rm(checkout.dir, { recursive: true, force: true });
}

/** The Git blob id of some bytes. */
export async function blobOf(bytes: Uint8Array): Promise<string> {
  return (await git.hashBlob({ object: bytes })).oid;
}

function authHeaders(remote: GitRemote): Record<string, string> {
  if (remote.credentials === undefined) return {};
  const { username, password } = remote.credentials;
  return {
    Authorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`,
  };
}

async function readTree(dir: string): Promise<Map<string, Uint8Array>> {
  const files = new Map<string, Uint8Array>();
  const walk = async (folder: string) => {
    for (const entry of await readdir(folder, { withFileTypes: true })) {
      const full = join(folder, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== '.git' || folder !== dir) await walk(full);
      } else if (entry.isFile()) {
        files.set(relative(dir, full).split(sep).join(posix.sep), await readFile(full));
      }
    }
  };
  await walk(dir);
  return files;
}

/** The commit at the tip of the remote's branch; `null` when it has no such branch. */
export async function remoteTip(remote: GitRemote, http: HttpClient): Promise<string | null> {
  const refs = await git.listServerRefs({
    http,
    url: remote.url,
    headers: authHeaders(remote),
    prefix: `refs/heads/${remote.branch}`,
  });
  return refs.find((ref) => ref.ref === `refs/heads/${remote.branch}`)?.oid ?? null;
}
