import { useMutation } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { api, errorMessage } from '../api.js';

/** The sign-in page: email and password. */
export function SignIn({ onSignedIn }: { onSignedIn: () => void }) {
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
        <label htmlFor="email">Email</label>
        <input id="email" name="email" type="email" autoComplete="username" required />
        <label htmlFor="password">Password</label>
        <input
          id="password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
        />
        {signIn.error === null ? null : (
          <p role="alert" className="error">
            {errorMessage(signIn.error)}
          </p>
        )}
        <button type="submit" disabled={signIn.isPending}>
          Sign in
        </button>
      </form>
    </main>
  );
}
