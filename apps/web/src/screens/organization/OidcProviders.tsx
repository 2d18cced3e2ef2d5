import type { components } from '@quire/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { api, errorMessage } from '../../api.js';
import { memberRoles } from './member-roles.js';
import { ProviderCard } from './ProviderCard.js';

type MemberRole = components['schemas']['MemberRole'];

const emptyProvider = {
  label: '',
  issuer: '',
  clientId: '',
  clientSecret: '',
  defaultRole: 'read',
};

/**
 * The organization's OpenID Connect providers (Keycloak, Authentik, Google, Entra ID…): the
 * redirect URI to register at each, a new one, removing one. Admins only.
 */
export function OidcProviders({ organizationId }: { organizationId: string }) {
  const path = { organizationId };
  const queries = useQueryClient();
  const [draft, setDraft] = useState(emptyProvider);
  const providers = useQuery({
    queryKey: ['oidc-providers', organizationId],
    queryFn: () => api.GET('/orgs/{organizationId}/oidc', { params: { path } }),
  });
  const refresh = () => queries.invalidateQueries({ queryKey: ['oidc-providers', organizationId] });
  const create = useMutation({
    mutationFn: () =>
      api.POST('/orgs/{organizationId}/oidc', {
        params: { path },
        body: {
          label: draft.label.trim(),
          issuer: draft.issuer.trim(),
          clientId: draft.clientId.trim(),
          ...(draft.clientSecret === '' ? {} : { clientSecret: draft.clientSecret }),
          defaultRole: draft.defaultRole as MemberRole,
        },
      }),
    onSuccess: () => setDraft(emptyProvider),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (oidcProviderId: string) =>
      api.DELETE('/orgs/{organizationId}/oidc/{oidcProviderId}', {
        params: { path: { organizationId, oidcProviderId } },
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
    <>
      <h2>OpenID Connect</h2>
      {providers.data?.items.map((provider) => (
        <ProviderCard
          key={provider.id}
          id={provider.id}
          label={provider.label}
          summary={`OpenID Connect, ${provider.hasClientSecret ? 'confidential client' : 'public client'}, new people join as ${provider.defaultRole ?? 'the default role'}`}
          facts={[
            ['Issuer', provider.issuer],
            ['Client ID', provider.clientId],
            ['Redirect URI to register', provider.service.redirectURL],
          ]}
          removing={remove.isPending}
          onRemove={() => remove.mutate(provider.id)}
        />
      ))}
      <h3 id="add-oidc">Add an OpenID Connect provider</h3>
      <form className="stacked-form" aria-labelledby="add-oidc" onSubmit={submit}>
        <label htmlFor="oidc-label">Name on the sign-in page</label>
        <input id="oidc-label" required value={draft.label} onChange={field('label')} />
        <label htmlFor="oidc-issuer">Issuer URL</label>
        <input
          id="oidc-issuer"
          type="url"
          required
          placeholder="https://keycloak.example.com/realms/staff"
          value={draft.issuer}
          onChange={field('issuer')}
        />
        <label htmlFor="oidc-client-id">Client ID</label>
        <input id="oidc-client-id" required value={draft.clientId} onChange={field('clientId')} />
        <label htmlFor="oidc-client-secret">Client secret (none for a public client)</label>
        <input
          id="oidc-client-secret"
          type="password"
          autoComplete="off"
          value={draft.clientSecret}
          onChange={field('clientSecret')}
        />
        <label htmlFor="oidc-role">Role of a person signing in the first time</label>
        <select id="oidc-role" value={draft.defaultRole} onChange={field('defaultRole')}>
          {memberRoles.map((role) => (
            <option key={role} value={role}>
              {role}
            </option>
          ))}
        </select>
        <button type="submit" disabled={create.isPending}>
          Add OpenID Connect provider
        </button>
      </form>
      {failure === null ? null : <p role="alert">{errorMessage(failure)}</p>}
    </>
  );
}
