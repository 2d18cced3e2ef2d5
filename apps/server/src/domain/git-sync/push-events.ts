import { createHmac, timingSafeEqual } from 'node:crypto';
import { isRecord } from '../../is-record.js';

/** The hosts whose push webhooks Quire takes. */
export type PushEventHost = 'github' | 'gitlab' | 'gitea' | 'forgejo';

/** A webhook delivery as it arrived: a header reader and the raw body it was signed over. */
export interface PushDelivery {
  header(name: string): string | undefined;
  body: Uint8Array;
}

/** What a verified delivery says. */
export type VerifiedDelivery =
  | { host: PushEventHost; kind: 'push'; ref: string; after: string }
  | { host: PushEventHost; kind: 'other' };

/**
 * Checks a delivery with its host's own scheme, and reads it: GitHub signs the body with
 * HMAC-SHA256 (`X-Hub-Signature-256: sha256=<hex>`), Gitea and Forgejo too (`X-Gitea-Signature`,
 * `X-Forgejo-Signature`: `<hex>`), GitLab sends the secret itself (`X-Gitlab-Token`). Answers
 * `undefined` for a delivery no scheme verifies. Comparisons take the same time whatever they
 * find, so the secret cannot be guessed a byte at a time.
 */
export function verifyDelivery(
  delivery: PushDelivery,
  secret: string,
): VerifiedDelivery | undefined {
  const host = verifiedHost(delivery, secret);
  if (host === undefined) return undefined;
  const event = eventName(delivery, host);
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(delivery.body).toString('utf8'));
  } catch {
    return { host, kind: 'other' };
  }
  const isPush = event === 'push' || event === 'Push Hook';
  if (!isPush || !isRecord(payload)) return { host, kind: 'other' };
  const { ref, after } = payload;
  if (typeof ref !== 'string' || typeof after !== 'string') return { host, kind: 'other' };
  return { host, kind: 'push', ref, after };
}

function verifiedHost(delivery: PushDelivery, secret: string): PushEventHost | undefined {
  const github = delivery.header('X-Hub-Signature-256');
  if (github !== undefined) {
    return sameText(github, `sha256=${hmac(secret, delivery.body)}`) ? 'github' : undefined;
  }
  const forgejo = delivery.header('X-Forgejo-Signature');
  if (forgejo !== undefined) {
    return sameText(forgejo, hmac(secret, delivery.body)) ? 'forgejo' : undefined;
  }
  const gitea = delivery.header('X-Gitea-Signature');
  if (gitea !== undefined) {
    return sameText(gitea, hmac(secret, delivery.body)) ? 'gitea' : undefined;
  }
  const gitlab = delivery.header('X-Gitlab-Token');
  if (gitlab !== undefined) return sameText(gitlab, secret) ? 'gitlab' : undefined;
  return undefined;
}

function eventName(delivery: PushDelivery, host: PushEventHost): string | undefined {
  switch (host) {
    case 'github':
      return delivery.header('X-GitHub-Event');
    case 'gitlab':
      return delivery.header('X-Gitlab-Event');
    case 'forgejo':
      return delivery.header('X-Forgejo-Event') ?? delivery.header('X-Gitea-Event');
    case 'gitea':
      return delivery.header('X-Gitea-Event');
  }
}

function hmac(secret: string, body: Uint8Array): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

function sameText(given: string, expected: string): boolean {
  const a = Buffer.from(given.trim());
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
