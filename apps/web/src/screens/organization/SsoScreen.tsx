import type { components } from '@quire/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { api, errorMessage } from '../../api.js';
import { memberRoles } from './member-roles.js';
import { OidcProviders } from './OidcProviders.js';
import { OrganizationNav } from './OrganizationNav.js';
import { ProviderCard } from './ProviderCard.js';

type MemberRole = components['schemas']['MemberRole'];

const emptyProvider = { label: '', ssoURL: '', entityID: '', certificate: '', defaultRole: 'read' };

/**
 * The organization's single sign-on: the SAML and OpenID Connect identity providers its members
 * sign in with, what to enter on each provider's side, a new provider and removing one. Admins
 * only.
 */
export function SsoScreen({ organizationId }: { organizationId: string }) {
  const path = { organizationId };
  const queries = useQueryClient();
  const [draft, setDraft] = useState(emptyProvider);
  const providers = useQuery({
    queryKey: ['saml-providers', organizationId],
    queryFn: () => api.GET('/orgs/{organizationId}/saml', { params: { path } }),
  });
  const refresh = () => queries.invalidateQueries({ queryKey: ['saml-providers', organizationId] });
  const create = useMutation({
    mutationFn: () =>
      api.POST('/orgs/{organizationId}/saml', {
        params: { path },
        body: {
          label: draft.label.trim(),
          ssoURL: draft.ssoURL.trim(),
          entityID: draft.entityID.trim(),
          certificate: draft.certificate.trim(),
          defaultRole: draft.defaultRole as MemberRole,
        },
      }),
    onSuccess: () => setDraft(emptyProvider),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (samlProviderId: string) =>
      api.DELETE('/orgs/{organizationId}/saml/{samlProviderId}', {
        params: { path: { organizationId, samlProviderId } },
      }),
    onSettled: refresh,
  });
  const field = (name: keyof typeof emptyProvider) => (event: { target: { value: string } }) =>
    setDraft({ ...draft, [name]: event.target.value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  const failure = providers.error ?? create.error ?? remove.error;
  return (
    <section className="screen">
      <OrganizationNav organizationId={organizationId} />
      <h1>Single sign-on</h1>
      <p className="muted">
        Members sign in with the organization's identity provider; the sign-in page offers each
        active provider.
      </p>
      <h2>SAML</h2>
      {providers.data?.items.map((provider) => (
        <ProviderCard
          key={provider.id}
          id={provider.id}
          label={provider.label}
          summary={`SAML, ${provider.status}, new people join as ${provider.defaultRole ?? 'the default role'}`}
          facts={[
            ['Assertion consumer service URL', provider.service.acsURL],
            ['Service provider entity ID', provider.service.entityID],
            ['Sign-in start URL', provider.service.startURL],
          ]}
          removing={remove.isPending}
          onRemove={() => remove.mutate(provider.id)}
        />
      ))}
      <h3 id="add-saml">Add a SAML provider</h3>
      <form className="stacked-form" aria-labelledby="add-saml" onSubmit={submit}>
        <label htmlFor="saml-label">Name on the sign-in page</label>
        <input id="saml-label" required value={draft.label} onChange={field('label')} />
        <label htmlFor="saml-sso-url">Single sign-on URL</label>
        <input
          id="saml-sso-url"
          type="url"
          required
          value={draft.ssoURL}
          onChange={field('ssoURL')}
        />
        <label htmlFor="saml-entity-id">Identity provider entity ID</label>
        <input id="saml-entity-id" required value={draft.entityID} onChange={field('entityID')} />
        <label htmlFor="saml-certificate">Signing certificate (PEM)</label>
        <textarea
          id="saml-certificate"
          required
          rows={6}
          value={draft.certificate}
          onChange={field('certificate')}
        />
        <label htmlFor="saml-role">Role of a person signing in the first time</label>
        <select id="saml-role" value={draft.defaultRole} onChange={field('defaultRole')}>
          {memberRoles.map((role) => (
            <option key={role} value={role}>
              {role}
            </option>
          ))}
        </select>
        <button type="submit" disabled={create.isPending}>
          Add provider
        </button>
      </form>
      {failure === null ? null : <p role="alert">{errorMessage(failure)}</p>}
      <OidcProviders organizationId={organizationId} />
    </section>
  );
}
