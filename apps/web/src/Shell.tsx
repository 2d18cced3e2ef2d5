import type { User } from '@quire/contract';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { api } from './api.js';

/** The frame of every screen: the product, the person signed in, sign-out. */
export function Shell({ user, children }: { user: User; children: ReactNode }) {
  const queries = useQueryClient();
  const signOut = async () => {
    await api.POST('/auth/sign-out');
    queries.clear();
    window.location.assign('/app/');
  };
  return (
    <div className="shell">
      <header className="topbar">
        <Link href="/" className="brand">
          Quire
        </Link>
        <span className="who">{user.displayName}</span>
        <button type="button" onClick={() => void signOut()}>
          Sign out
        </button>
      </header>
      <main>{children}</main>
    </div>
  );
}
