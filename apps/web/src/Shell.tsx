import type { User } from '@quire/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useRoute } from 'wouter';
import { api } from './api.js';
import { SearchDialog } from './SearchDialog.js';

/** The frame of every screen: the product, the person signed in, sign-out. */
export function Shell({ user, children }: { user: User; children: ReactNode }) {
  const queries = useQueryClient();
  const [onOrganization, params] = useRoute('/orgs/:organizationId/*?');
  const orgs = useQuery({ queryKey: ['orgs'], queryFn: () => api.GET('/orgs') });
  // Searching the organization on screen, else the person's first.
  const organizationId = onOrganization ? params.organizationId : orgs.data?.items[0]?.id;
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
        <SearchDialog organizationId={organizationId} />
        <Link href="/settings" className="who">
          {user.displayName}
        </Link>
        <button type="button" onClick={() => void signOut()}>
          Sign out
        </button>
      </header>
      <main>{children}</main>
    </div>
  );
}
