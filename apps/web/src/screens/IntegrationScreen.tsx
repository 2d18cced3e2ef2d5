import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, errorMessage } from '../api.js';
import { useOwnRole } from './organization/own-role.js';

/**
 * An integration: what it is and what it may do; seen from an organization, its installation
 * there (how many spaces and sites it runs on), installing it and uninstalling it.
 */
export function IntegrationScreen({
  integrationName,
  organizationId,
}: {
  integrationName: string;
  organizationId?: string;
}) {
  const integration = useQuery({
    queryKey: ['integration', integrationName],
    queryFn: () =>
      api.GET('/integrations/{integrationName}', { params: { path: { integrationName } } }),
  });
  const data = integration.data;
  if (integration.error !== null) return <p role="alert">{errorMessage(integration.error)}</p>;
  if (data === undefined) return <p className="loading">Loading…</p>;
  return (
    <section className="screen">
      <h1>{data.title}</h1>
      <p>{data.description}</p>
      <dl className="facts">
        <dt>Name</dt>
        <dd>
          <code>{data.name}</code>, version {data.version}
        </dd>
        <dt>Runs on</dt>
        <dd>{data.target}</dd>
        <dt>May</dt>
        <dd>{data.scopes.length === 0 ? 'nothing beyond its own data' : data.scopes.join(', ')}</dd>
      </dl>
      {organizationId === undefined ? null : (
        <Installation integrationName={integrationName} organizationId={organizationId} />
      )}
    </section>
  );
}

/** An installation's own address (its `publicEndpoint`): its integration, seen from its organization. */
export function IntegrationInstallationScreen({
  integrationName,
  installationId,
}: {
  integrationName: string;
  installationId: string;
}) {
  const installation = useQuery({
    queryKey: ['integration-installation', integrationName, installationId],
    queryFn: () =>
      api.GET('/integrations/{integrationName}/installations/{installationId}', {
        params: { path: { integrationName, installationId } },
      }),
  });
  if (installation.error !== null) return <p role="alert">{errorMessage(installation.error)}</p>;
  if (installation.data === undefined) return <p className="loading">Loading…</p>;
  return (
    <IntegrationScreen
      integrationName={integrationName}
      organizationId={installation.data.target.organization}
    />
  );
}

/** The integration's installation on one organization, if any. */
function Installation({
  integrationName,
  organizationId,
}: {
  integrationName: string;
  organizationId: string;
}) {
  const queries = useQueryClient();
  const key = ['integration-installations', integrationName];
  const installations = useQuery({
    queryKey: key,
    queryFn: () =>
      api.GET('/integrations/{integrationName}/installations', {
        params: { path: { integrationName }, query: { limit: 1000 } },
      }),
  });
  const installation = installations.data?.items.find(
    (item) => item.target.organization === organizationId,
  );
  const install = useMutation({
    mutationFn: () =>
      api.POST('/integrations/{integrationName}/installations', {
        params: { path: { integrationName } },
        body: { organization: organizationId },
      }),
    onSettled: () => queries.invalidateQueries({ queryKey: key }),
  });
  const uninstall = useMutation({
    mutationFn: (installationId: string) =>
      api.DELETE('/integrations/{integrationName}/installations/{installationId}', {
        params: { path: { integrationName, installationId } },
      }),
    onSettled: () => queries.invalidateQueries({ queryKey: key }),
  });
  const failure = install.error ?? uninstall.error;
  // Only the organization's admins see its installation, and only they may install.
  const isAdmin = useOwnRole(organizationId) === 'admin';
  return (
    <>
      <h2>In this organization</h2>
      {installation === undefined ? (
        <>
          <p>{isAdmin ? 'Not installed.' : 'Its admins see whether it is installed.'}</p>
          {!isAdmin ? null : (
            <button type="button" disabled={install.isPending} onClick={() => install.mutate()}>
              Install
            </button>
          )}
        </>
      ) : (
        <>
          <p>
            Installed on {installation.space_selection === 'all' ? 'every' : installation.spaces}{' '}
            {installation.space_selection === 'all' || installation.spaces !== 1
              ? 'spaces'
              : 'space'}{' '}
            and {installation.site_selection === 'all' ? 'every' : installation.sites}{' '}
            {installation.site_selection === 'all' || installation.sites !== 1 ? 'sites' : 'site'}.
          </p>
          <button
            type="button"
            disabled={uninstall.isPending}
            onClick={() => uninstall.mutate(installation.id)}
          >
            Uninstall
          </button>
        </>
      )}
      {failure === null ? null : <p role="alert">{errorMessage(failure)}</p>}
    </>
  );
}
