import { useQuery } from '@tanstack/react-query';
import { Redirect } from 'wouter';
import { api } from '../api.js';

/** `/app/`: the person's first organization. */
export function Home() {
  const orgs = useQuery({ queryKey: ['orgs'], queryFn: () => api.GET('/orgs') });
  if (orgs.isPending) return <p className="loading">Loading…</p>;
  const first = orgs.data?.items[0];
  if (first === undefined) {
    return (
      <section className="screen">
        <h1>No organization yet</h1>
        <p>Ask an admin for an invite link.</p>
      </section>
    );
  }
  return <Redirect to={`/orgs/${first.id}`} replace />;
}
