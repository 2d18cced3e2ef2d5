import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/**
 * A new signing secret in the Standard Webhooks form: `whsec_` and 32 random bytes in base64.
 * @example newWebhookSecret(); // 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw…'
 */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/**
 * The `webhook-signature` header of a request: one `v1,<signature>` per secret, space-separated,
 * so a receiver that knows either the new or the previous secret after a rotation accepts it.
 */
export function signWebhookRequest(
  secrets: readonly string[],
  { id, timestamp, body }: { id: string; timestamp: Date; body: string },
): string {
  return secrets.map((secret) => new Webhook(secret).sign(id, timestamp, body)).join(' ');
}
