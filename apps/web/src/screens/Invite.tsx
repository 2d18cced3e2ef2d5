import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useLocation } from 'wouter';
import { api, errorMessage } from '../api.js';
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
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  if (hasAccount) return <SignIn onSignedIn={onSignedIn} />;
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const displayName = String(form.get('name')).trim();
    setBusy(true);
    setError(undefined);
    try {
      await api.POST('/orgs/{organizationId}/invites/{inviteId}/sign-up', {
        params: { path: { organizationId, inviteId } },
        body: {
          email: String(form.get('email')).trim(),
          password: String(form.get('password')),
          ...(displayName === '' ? {} : { displayName }),
        },
      });
      navigate(`/orgs/${organizationId}`);
      onSignedIn();
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <main className="sign-in">
      <h1>Join on Quire</h1>
      <p>You were invited to an organization. Create your account to join it.</p>
      <form onSubmit={(event) => void submit(event)}>
        <label htmlFor="name">Name</label>
        <input id="name" name="name" autoComplete="name" maxLength={255} />
        <label htmlFor="email">Email</label>
        <input id="email" name="email" type="email" autoComplete="username" required />
        <label htmlFor="password">Password</label>
        <input
          id="password"
          name="password"
          type="password"
          autoComplete="new-password"
          minLength={8}
          required
        />
        {error === undefined ? null : (
          <p role="alert" className="error">
            {error}
          </p>
        )}
        <button type="submit" disabled={busy}>
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
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const join = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await api.POST('/orgs/{organizationId}/invites/{inviteId}', {
        params: { path: { organizationId, inviteId } },
      });
      await queries.invalidateQueries();
      navigate(`/orgs/${organizationId}`);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="screen">
      <h1>Join an organization</h1>
      <p>This invite link makes you a member of its organization.</p>
      {error === undefined ? null : (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      <button type="button" onClick={() => void join()} disabled={busy}>
        Join the organization
      </button>
    </section>
  );
}
