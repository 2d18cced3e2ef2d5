import { posix } from 'node:path';
import { invalid } from '../../errors.js';
import type { GitRemote } from './git-repository.js';
import { folder } from './repository-layout.js';

/** What an import or export was asked with: GitBook's fields that Quire acts on. */
export interface GitSyncRequest {
  url: string;
  ref: string;
  repoProjectDirectory?: string;
  commitMessage?: string;
  force?: boolean;
  standalone?: boolean;
}

/**
 * The remote a request names: the URL without its credentials (kept apart, for the
 * `Authorization` header), the branch without `refs/heads/`. A URL that is not http(s), or a
 * branch or folder Git would refuse, is a 400.
 */
export function remoteOf(request: GitSyncRequest): GitRemote {
  if (!URL.canParse(request.url)) throw invalid('body.url must be an http(s) URL');
  const url = new URL(request.url);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw invalid('body.url must be an http(s) URL');
  }
  const username = decodeURIComponent(url.username);
  const password = decodeURIComponent(url.password);
  url.username = '';
  url.password = '';
  const branch = request.ref.replace(/^refs\/heads\//, '');
  if (
    branch === '' ||
    branch.startsWith('/') ||
    branch.endsWith('/') ||
    branch.includes('..') ||
    branch.endsWith('.lock')
  ) {
    throw invalid('body.ref must name a branch, as refs/heads/<name> or <name>');
  }
  const directory = request.repoProjectDirectory ?? '';
  if (posix.normalize(`/${directory}`).startsWith('/..') || directory.split('/').includes('..')) {
    throw invalid('body.repoProjectDirectory must be a folder inside the repository');
  }
  return {
    url: url.href,
    branch,
    ...(username === '' && password === '' ? {} : { credentials: { username, password } }),
  };
}

/** The folder of the repository the request's space lives in. */
export function directoryOf(request: GitSyncRequest): string {
  return folder(request.repoProjectDirectory ?? '');
}

/** A repository URL as it may be shown: without credentials. */
export function publicUrl(url: string): string {
  const parsed = new URL(url);
  parsed.username = '';
  parsed.password = '';
  return parsed.href;
}
