import { type SecretSealer, secretSealer } from '../instance/sealed-secrets.js';

/**
 * What integration secrets are sealed with: the server's secrets key, for this use only. Publish
 * seals them; running the integration's script opens them for its environment.
 * @example integrationSecretsSealer(services.keys.secretsKey).open(integration.sealedSecrets);
 */
export function integrationSecretsSealer(secretsKey: Buffer): SecretSealer {
  return secretSealer(secretsKey, 'quire integration secrets');
}
