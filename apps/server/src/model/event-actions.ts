import type { components } from '@quire/contract';

/** What an event says happened; the contract lists them all (`AuditEventAction`). */
export type EventAction = components['schemas']['AuditEventActionId'];

/** Every action Quire records, with the label the audit log shows for it. */
export const eventActionLabels: Record<EventAction, string> = {
  'organization.created': 'Organization created',
  'organization.updated': 'Organization updated',
  'collection.created': 'Collection created',
  'space.created': 'Space created',
  'space.updated': 'Space updated',
  'space.deleted': 'Space deleted',
  'space.restored': 'Space restored',
  'space.moved': 'Space moved',
  'space.transferred': 'Space transferred',
  'space.duplicated': 'Space duplicated',
  'space.purged': 'Space removed for good',
  'change_request.created': 'Change request created',
  'change_request.updated': 'Change request updated',
  'change_request.content_updated': 'Change request content edited',
  'change_request.merged': 'Change request merged',
  'change_request.updated_from_space': 'Change request updated from its space',
  'saml_provider.created': 'SAML provider added',
  'saml_provider.updated': 'SAML provider updated',
  'saml_provider.deleted': 'SAML provider deleted',
  'member.signed_in_with_sso': 'Member signed in with single sign-on',
  'webhook.created': 'Webhook created',
  'webhook.updated': 'Webhook updated',
  'webhook.deleted': 'Webhook deleted',
  'webhook.secret_rotated': 'Webhook secret rotated',
  'webhook.pinged': 'Webhook sent a test event',
  'webhook.redelivered': 'Webhook delivery sent again',
  'webhook.disabled': 'Webhook turned off after failing deliveries',
  'comment.created': 'Comment posted',
  'comment.updated': 'Comment updated',
  'comment.deleted': 'Comment deleted',
  'comment_reply.created': 'Reply posted',
  'comment_reply.updated': 'Reply updated',
  'comment_reply.deleted': 'Reply deleted',
};
