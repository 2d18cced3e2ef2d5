import type { components } from '@quire/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { api, errorMessage } from '../../api.js';
import { useAuditActions } from './audit-actions.js';
import { OrganizationNav } from './OrganizationNav.js';

type Webhook = components['schemas']['Webhook'];
type EventFilter = components['schemas']['WebhookEventFilter'];
const everyEvent = '*';

/**
 * Where the organization's events are sent: each webhook, its recent deliveries, turning it on
 * and off, a test event, and a new one whose signing secret is shown once. Admins only.
 */
export function WebhooksScreen({ organizationId }: { organizationId: string }) {
  const path = { organizationId };
  const queries = useQueryClient();
  const actions = useAuditActions(organizationId);
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<string[]>([everyEvent]);
  const webhooks = useQuery({
    queryKey: ['webhooks', organizationId],
    queryFn: () =>
      api.GET('/orgs/{organizationId}/webhooks', { params: { path, query: { limit: 100 } } }),
  });
  const create = useMutation({
    mutationFn: () =>
      api.POST('/orgs/{organizationId}/webhooks', {
        params: { path },
        body: { url: url.trim(), events: events as EventFilter },
      }),
    onSuccess: () => {
      setUrl('');
      setEvents([everyEvent]);
    },
    onSettled: () => queries.invalidateQueries({ queryKey: ['webhooks', organizationId] }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  return (
    <section className="screen">
      <OrganizationNav organizationId={organizationId} />
      <h1>Webhooks</h1>
      <p className="muted">
        Each event is sent as a signed POST (Standard Webhooks) and tried again until it is answered
        with a 2xx.
      </p>
      {webhooks.error === null ? null : <p role="alert">{errorMessage(webhooks.error)}</p>}
      {webhooks.data?.items.length === 0 ? <p className="muted">No webhooks yet.</p> : null}
      {webhooks.data?.items.map((webhook) => (
        <WebhookCard key={webhook.id} organizationId={organizationId} webhook={webhook} />
      ))}
      <h2>Add a webhook</h2>
      <form className="stacked-form" onSubmit={submit}>
        <label htmlFor="webhook-url">Payload URL</label>
        <input
          id="webhook-url"
          type="url"
          required
          value={url}
          onChange={(event) => setUrl(event.target.value)}
        />
        <label htmlFor="webhook-events">Events</label>
        <select
          id="webhook-events"
          multiple
          size={6}
          value={events}
          onChange={(event) =>
            setEvents(Array.from(event.target.selectedOptions, (option) => option.value))
          }
        >
          <option value={everyEvent}>Every event, including kinds added later</option>
          {actions.data?.items.map((item) => (
            <option key={item.id} value={item.id}>
              {item.label}
            </option>
          ))}
        </select>
        <button type="submit" disabled={create.isPending || events.length === 0}>
          Add webhook
        </button>
      </form>
      {create.data === undefined ? null : (
        <p role="status">
          Its signing secret, shown this once: <code>{create.data.secret}</code>
        </p>
      )}
      {create.error === null ? null : <p role="alert">{errorMessage(create.error)}</p>}
    </section>
  );
}

/** A webhook: where it sends, what, whether it is on, and its latest deliveries. */
function WebhookCard({ organizationId, webhook }: { organizationId: string; webhook: Webhook }) {
  const path = { organizationId, webhookId: webhook.id };
  const queries = useQueryClient();
  const deliveries = useQuery({
    queryKey: ['webhook-deliveries', webhook.id],
    queryFn: () =>
      api.GET('/orgs/{organizationId}/webhooks/{webhookId}/deliveries', {
        params: { path, query: { limit: 10 } },
      }),
  });
  const refresh = () =>
    Promise.all([
      queries.invalidateQueries({ queryKey: ['webhooks', organizationId] }),
      queries.invalidateQueries({ queryKey: ['webhook-deliveries', webhook.id] }),
    ]);
  const setActive = useMutation({
    mutationFn: (active: boolean) =>
      api.PATCH('/orgs/{organizationId}/webhooks/{webhookId}', {
        params: { path },
        body: { active },
      }),
    onSettled: refresh,
  });
  const ping = useMutation({
    mutationFn: () =>
      api.POST('/orgs/{organizationId}/webhooks/{webhookId}/ping', { params: { path } }),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: () =>
      api.DELETE('/orgs/{organizationId}/webhooks/{webhookId}', { params: { path } }),
    // Only the list: the deliveries of a deleted webhook are a 404.
    onSettled: () => queries.invalidateQueries({ queryKey: ['webhooks', organizationId] }),
  });
  const failure = setActive.error ?? ping.error ?? remove.error;
  return (
    <section className="card" aria-label={`Webhook ${webhook.url}`}>
      <h2>
        <code>{webhook.url}</code>
      </h2>
      <p className="muted">
        {webhook.active ? 'On' : 'Off'}
        {webhook.disabledReason === undefined ? '' : ` (${webhook.disabledReason})`}, sends{' '}
        {webhook.events.includes(everyEvent) ? 'every event' : webhook.events.join(', ')}
      </p>
      <div className="page-actions">
        <button
          type="button"
          disabled={setActive.isPending}
          onClick={() => setActive.mutate(!webhook.active)}
        >
          {webhook.active ? 'Turn off' : 'Turn on'}
        </button>
        <button type="button" disabled={ping.isPending} onClick={() => ping.mutate()}>
          Send a test event
        </button>
        <button type="button" disabled={remove.isPending} onClick={() => remove.mutate()}>
          Delete webhook
        </button>
      </div>
      <h3>Latest deliveries</h3>
      {deliveries.data?.items.length === 0 ? <p className="muted">None yet.</p> : null}
      <ul className="deliveries">
        {deliveries.data?.items.map((delivery) => (
          <li key={delivery.id}>
            {delivery.event.action}: {delivery.status}
            {delivery.lastAttempt?.responseStatus === undefined
              ? ''
              : `, answered ${delivery.lastAttempt.responseStatus}`}
            {delivery.lastAttempt?.error === undefined ? '' : `, ${delivery.lastAttempt.error}`}{' '}
            <span className="muted">
              ({delivery.attemptCount} {delivery.attemptCount === 1 ? 'attempt' : 'attempts'})
            </span>
          </li>
        ))}
      </ul>
      {failure === null ? null : <p role="alert">{errorMessage(failure)}</p>}
    </section>
  );
}
