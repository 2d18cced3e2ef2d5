import { Link, useRoute } from 'wouter';

const sections = [
  { path: 'members', name: 'Members and invite links' },
  { path: 'teams', name: 'Teams' },
  { path: 'sso', name: 'Single sign-on' },
  { path: 'webhooks', name: 'Webhooks' },
  { path: 'audit-log', name: 'Audit log' },
] as const;

/** The organization's administration, one link a screen; the screen on show is marked current. */
export function OrganizationNav({ organizationId }: { organizationId: string }) {
  const [, params] = useRoute('/orgs/:organizationId/:section/*?');
  return (
    <nav className="organization-nav" aria-label="Organization">
      <Link href={`/orgs/${organizationId}`}>Spaces and sites</Link>
      {sections.map((section) => (
        <Link
          key={section.path}
          href={`/orgs/${organizationId}/${section.path}`}
          aria-current={params?.section === section.path ? 'page' : undefined}
        >
          {section.name}
        </Link>
      ))}
    </nav>
  );
}
