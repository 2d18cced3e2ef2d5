import { type SecretSealer, secretSealer } from '../instance/sealed-secrets.js';

/** The sealer of Git sync's secrets: requests (URLs with credentials), credentials, webhook secrets. */
export function gitSyncSealer(secretsKey: Buffer): SecretSealer {
  return secretSealer(secretsKey, 'quire git sync');
}
