import type { ApiToken } from '@quire/contract';
import type { ApiTokenRecord } from '../store/api-tokens.js';

/** An API token as its owner sees it: never its secret, but when it is made. */
export function presentApiToken(token: ApiTokenRecord): ApiToken {
  return { object: 'api-token', id: token.id, createdAt: token.createdAt };
}
