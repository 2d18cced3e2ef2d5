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
  listWebhooks: async ({ params, query, actor, services }) => {
    const organization = await loadOrganizationForWebhooks(
      services.db,
      actor,
      params.organizationId,
    );
    const page = await listWebhooksOfOrganization(services.db, organization.id, pageRequest(query));
    return {
      status: 200,
      body: presentList(page, (webhook) => presentWebhook(webhook, services.urls)),
    };
  },

  createWebhook: async ({ params, body, actor, services }) => {
    const organization = await loadOrganizationForWebhooks(
      services.db,
      actor,
      params.organizationId,
    );
    const webhook = await createWebhook(services.db, actor, organization.id, body, {
      now: services.clock.now(),
      allowPrivate: services.outboundAllowPrivate,
    });
    return {
      status: 201,
      body: presentWebhookWithSecret(webhook, services.urls),
      headers: { Location: services.urls.api('orgs', organization.id, 'webhooks', webhook.id) },
    };
  },

  getWebhook: async ({ params, actor, services }) => {
    const webhook = await loadWebhook(services.db, actor, params.organizationId, params.webhookId);
    return { status: 200, body: presentWebhook(webhook, services.urls) };
  },

  updateWebhook: async ({ params, body, actor, services }) => {
    const webhook = await loadWebhook(services.db, actor, params.organizationId, params.webhookId);
    const updated = await changeWebhook(services.db, actor, webhook, body, {
      now: services.clock.now(),
      allowPrivate: services.outboundAllowPrivate,
    });
    return { status: 200, body: presentWebhook(updated, services.urls) };
  },

  deleteWebhook: async ({ params, actor, services }) => {
    const organization = await loadOrganizationForWebhooks(
      services.db,
      actor,
      params.organizationId,
    );
    // A webhook that is not there is already deleted.
    const webhook = await findWebhook(services.db, organization.id, params.webhookId);
    if (webhook !== undefined)
      await removeWebhook(services.db, actor, webhook, services.clock.now());
    return { status: 204 };
  },

  rotateWebhookSecret: async ({ params, actor, services }) => {
    const webhook = await loadWebhook(services.db, actor, params.organizationId, params.webhookId);
    const rotated = await rotateWebhookSecret(services.db, actor, webhook, services.clock.now());
    return { status: 200, body: presentWebhookWithSecret(rotated, services.urls) };
  },

  pingWebhook: async ({ params, actor, services }) => {
    const webhook = await loadWebhook(services.db, actor, params.organizationId, params.webhookId);
    const delivery = await pingWebhook(services.db, actor, webhook, services.clock.now());
    const body = presentDelivery(delivery, webhook.organizationId, services.urls);
    return { status: 201, body, headers: { Location: body.urls.location } };
  },

  listWebhookDeliveries: async ({ params, query, actor, services }) => {
    const webhook = await loadWebhook(services.db, actor, params.organizationId, params.webhookId);
    const page = await listDeliveriesOfWebhook(
      services.db,
      webhook.id,
      query.status,
      pageRequest(query),
    );
    return {
      status: 200,
      body: presentList(page, (delivery) =>
        presentDelivery(delivery, webhook.organizationId, services.urls),
      ),
    };
  },

  getWebhookDelivery: async ({ params, actor, services }) => {
    const webhook = await loadWebhook(services.db, actor, params.organizationId, params.webhookId);
    const delivery = await findDelivery(services.db, webhook.id, params.deliveryId);
    if (delivery === undefined) throw notFound(`Delivery ${params.deliveryId} not found`);
    const attempts = await listAttemptsOfDelivery(services.db, delivery.id);
    return {
      status: 200,
      body: presentDeliveryDetail(delivery, attempts, webhook.organizationId, services.urls),
    };
  },

  redeliverWebhookDelivery: async ({ params, actor, services }) => {
    const webhook = await loadWebhook(services.db, actor, params.organizationId, params.webhookId);
    const delivery = await redeliver(
      services.db,
      actor,
      webhook,
      params.deliveryId,
      services.clock.now(),
    );
    const body = presentDelivery(delivery, webhook.organizationId, services.urls);
    return { status: 201, body, headers: { Location: body.urls.location } };
  },
};
