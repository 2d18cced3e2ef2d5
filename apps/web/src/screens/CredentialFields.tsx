import { errorMessage } from '../api.js';

/**
 * The fields of a sign-in or sign-up form, "Email" and "Password" as password managers and other
 * tools expect them, and the form's error. `creating` asks for a new password of eight or more.
 */
export function CredentialFields({ creating, error }: { creating: boolean; error: Error | null }) {
  return (
    <>
      <label htmlFor="email">Email</label>
      <input id="email" name="email" type="email" autoComplete="username" required />
      <label htmlFor="password">Password</label>
      <input
        id="password"
        name="password"
        type="password"
        autoComplete={creating ? 'new-password' : 'current-password'}
        {...(creating ? { minLength: 8 } : {})}
        required
      />
      {error === null ? null : (
        <p role="alert" className="error">
          {errorMessage(error)}
        </p>
      )}
    </>
  );
}
