import { useMutation, useQuery } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { api } from '../api.js';
import { CredentialFields } from './CredentialFields.js';

/**
 * The sign-in page: email and password and, on an address of an organization, its single sign-on
 * providers, which bring the person back to this address signed in.
 */
export function SignIn({
  onSignedIn,
  organizationId,
}: {
  onSignedIn: () => void;
  organizationId?: string | undefined;
}) {
  const providers = useQuery({
    queryKey: ['sso', organizationId],
    enabled: organizationId !== undefined,
    // An organization without single sign-on, or none at all, shows only the form.
    retry: false,
    queryFn: () =>
      api.GET('/orgs/{organizationId}/sso', {
        params: { path: { organizationId: organizationId ?? '' } },
      }),
  });
  const here = `${window.location.pathname}${window.location.search}`;
  const signIn = useMutation({
    mutationFn: (form: FormData) =>
      api.POST('/auth/sign-in', {
        body: { email: String(form.get('email')), password: String(form.get('password')) },
      }),
    onSuccess: onSignedIn,
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    signIn.mutate(new FormData(event.currentTarget));
  };
  return (
    <main className="sign-in">
      <h1>Sign in to Quire</h1>
      <form onSubmit={submit}>
        <CredentialFields creating={false} error={signIn.error} />
        <button type="submit" disabled={signIn.isPending}>
          Sign in
        </button>
      </form>
      {providers.data === undefined || providers.data.items.length === 0 ? null : (
        <nav aria-label="Single sign-on" className="sso">
          {providers.data.items.map((provider) => (
            <a
              key={provider.id}
              href={`${provider.startURL}?RelayState=${encodeURIComponent(here)}`}
            >
              Sign in with {provider.label}
            </a>
          ))}
        </nav>
      )}
    </main>
  );
}
