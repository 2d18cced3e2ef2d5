import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useLocation } from 'wouter';
import { api, errorMessage } from '../api.js';
import { CredentialFields } from './CredentialFields.js';
import { SignIn } from './SignIn.js';

interface InviteProps {
  organizationId: string;
  inviteId: string;
}

/**
 * An invite link opened by someone signed out: they create an account and join in one step, or,
 * having one, sign in and join.
 */
export function InviteSignUp({
  organizationId,
  inviteId,
  onSignedIn,
}: InviteProps & { onSignedIn: () => void }) {
  const [, navigate] = useLocation();
  const [hasAccount, setHasAccount] = useState(false);
  const signUp = useMutation({
    mutationFn: (form: FormData) => {
      const displayName = String(form.get('name')).trim();
      return api.POST('/orgs/{organizationId}/invites/{inviteId}/sign-up', {
        params: { path: { organizationId, inviteId } },
        body: {
          email: String(form.get('email')).trim(),
          password: String(form.get('password')),
          ...(displayName === '' ? {} : { displayName }),
        },
      });
    },
    onSuccess: () => {
      navigate(`/orgs/${organizationId}`);
      onSignedIn();
    },
  });
  if (hasAccount) return <SignIn onSignedIn={onSignedIn} />;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    signUp.mutate(new FormData(event.currentTarget));
  };
  return (
    <main className="sign-in">
      <h1>Join on Quire</h1>
      <p>You were invited to an organization. Create your account to join it.</p>
      <form onSubmit={submit}>
        <label htmlFor="name">Name</label>
        <input id="name" name="name" autoComplete="name" maxLength={255} />
        <CredentialFields creating error={signUp.error} />
        <button type="submit" disabled={signUp.isPending}>
          Create account and join
        </button>
      </form>
      <p>
        <button type="button" className="link" onClick={() => setHasAccount(true)}>
          I have an account: sign in
        </button>
      </p>
    </main>
  );
}

/** An invite link opened by someone signed in: one button joins. */
export function JoinInvite({ organizationId, inviteId }: InviteProps) {
  const [, navigate] = useLocation();
  const queries = useQueryClient();
  const join = useMutation({
    mutationFn: () =>
      api.POST('/orgs/{organizationId}/invites/{inviteId}', {
        params: { path: { organizationId, inviteId } },
      }),
    onSuccess: async () => {
      await queries.invalidateQueries();
      navigate(`/orgs/${organizationId}`);
    },
  });
  return (
    <section className="screen">
      <h1>Join an organization</h1>
      <p>This invite link makes you a member of its organization.</p>
      {join.error === null ? null : (
        <p role="alert" className="error">
          {errorMessage(join.error)}
        </p>
      )}
      <button type="button" onClick={() => join.mutate()} disabled={join.isPending}>
        Join the organization
      </button>
    </section>
  );
}
