import { createWebhook } from '../domain/webhooks/create-webhook.js';
import { rotateWebhookSecret } from '../domain/webhooks/rotate-webhook-secret.js';
import { pingWebhook, redeliver } from '../domain/webhooks/send-again.js';
import { changeWebhook, removeWebhook } from '../domain/webhooks/update-webhook.js';
import { loadOrganizationForWebhooks, loadWebhook } from '../domain/webhooks/webhook-access.js';
import { notFound } from '../errors.js';
import type { HandlerTable } from '../http/handler.js';
import { presentList } from '../presenters/list.js';
import {
  presentDelivery,
  presentDeliveryDetail,
  presentWebhook,
  presentWebhookWithSecret,
} from '../presenters/webhook.js';
import {
  findDelivery,
  listAttemptsOfDelivery,
  listDeliveriesOfWebhook,
} from '../store/webhook-deliveries.js';
import { findWebhook, listWebhooksOfOrganization } from '../store/webhooks.js';
import { pageRequest } from './page-request.js';

type WebhookHandlers = Pick<
  HandlerTable,
  | 'listWebhooks'
  | 'createWebhook'
  | 'getWebhook'
  | 'updateWebhook'
  | 'deleteWebhook'
  | 'rotateWebhookSecret'
  | 'pingWebhook'
  | 'listWebhookDeliveries'
  | 'getWebhookDelivery'
  | 'redeliverWebhookDelivery'
>;

/** Handlers of the `webhooks` tag: for organization admins only. */
export const webhookHandlers: WebhookHandlers = {
  listWebhooks: async ({ params, query, actor, deps }) => {
    const organization = await loadOrganizationForWebhooks(deps.db, actor, params.organizationId);
    const page = await listWebhooksOfOrganization(deps.db, organization.id, pageRequest(query));
    return {
      status: 200,
      body: presentList(page, (webhook) => presentWebhook(webhook, deps.urls)),
    };
  },

  createWebhook: async ({ params, body, actor, deps }) => {
    const organization = await loadOrganizationForWebhooks(deps.db, actor, params.organizationId);
    const webhook = await createWebhook(deps.db, actor, organization.id, body, {
      now: deps.clock.now(),
      allowPrivate: deps.outboundAllowPrivate,
    });
    return {
      status: 201,
      body: presentWebhookWithSecret(webhook, deps.urls),
      headers: { Location: deps.urls.api('orgs', organization.id, 'webhooks', webhook.id) },
    };
  },

  getWebhook: async ({ params, actor, deps }) => {
    const webhook = await loadWebhook(deps.db, actor, params.organizationId, params.webhookId);
    return { status: 200, body: presentWebhook(webhook, deps.urls) };
  },

  updateWebhook: async ({ params, body, actor, deps }) => {
    const webhook = await loadWebhook(deps.db, actor, params.organizationId, params.webhookId);
    const updated = await changeWebhook(deps.db, actor, webhook, body, {
      now: deps.clock.now(),
      allowPrivate: deps.outboundAllowPrivate,
    });
    return { status: 200, body: presentWebhook(updated, deps.urls) };
  },

  deleteWebhook: async ({ params, actor, deps }) => {
    const organization = await loadOrganizationForWebhooks(deps.db, actor, params.organizationId);
    // A webhook that is not there is already deleted.
    const webhook = await findWebhook(deps.db, organization.id, params.webhookId);
    if (webhook !== undefined) await removeWebhook(deps.db, actor, webhook, deps.clock.now());
    return { status: 204 };
  },

  rotateWebhookSecret: async ({ params, actor, deps }) => {
    const webhook = await loadWebhook(deps.db, actor, params.organizationId, params.webhookId);
    const rotated = await rotateWebhookSecret(deps.db, actor, webhook, deps.clock.now());
    return { status: 200, body: presentWebhookWithSecret(rotated, deps.urls) };
  },

  pingWebhook: async ({ params, actor, deps }) => {
    const webhook = await loadWebhook(deps.db, actor, params.organizationId, params.webhookId);
    const delivery = await pingWebhook(deps.db, actor, webhook, deps.clock.now());
    const body = presentDelivery(delivery, webhook.organizationId, deps.urls);
    return { status: 201, body, headers: { Location: body.urls.location } };
  },

  listWebhookDeliveries: async ({ params, query, actor, deps }) => {
    const webhook = await loadWebhook(deps.db, actor, params.organizationId, params.webhookId);
    const page = await listDeliveriesOfWebhook(
      deps.db,
      webhook.id,
      query.status,
      pageRequest(query),
    );
    return {
      status: 200,
      body: presentList(page, (delivery) =>
        presentDelivery(delivery, webhook.organizationId, deps.urls),
      ),
    };
  },

  getWebhookDelivery: async ({ params, actor, deps }) => {
    const webhook = await loadWebhook(deps.db, actor, params.organizationId, params.webhookId);
    const delivery = await findDelivery(deps.db, webhook.id, params.deliveryId);
    if (delivery === undefined) throw notFound(`Delivery ${params.deliveryId} not found`);
    const attempts = await listAttemptsOfDelivery(deps.db, delivery.id);
    return {
      status: 200,
      body: presentDeliveryDetail(delivery, attempts, webhook.organizationId, deps.urls),
    };
  },

  redeliverWebhookDelivery: async ({ params, actor, deps }) => {
    const webhook = await loadWebhook(deps.db, actor, params.organizationId, params.webhookId);
    const delivery = await redeliver(deps.db, actor, webhook, params.deliveryId, deps.clock.now());
    const body = presentDelivery(delivery, webhook.organizationId, deps.urls);
    return { status: 201, body, headers: { Location: body.urls.location } };
  },
};
