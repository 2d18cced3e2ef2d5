import type { components } from '@quire/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api.js';

type OperationChange = components['schemas']['OpenAPIOperationChange'];

/**
 * An OpenAPI spec of the organization: where it comes from, how its processing went, its
 * versions, and what the latest one changed in the API it describes.
 */
export function OpenApiSpecScreen({
  organizationId,
  specSlug,
}: {
  organizationId: string;
  specSlug: string;
}) {
  const path = { organizationId, specSlug };
  const spec = useQuery({
    queryKey: ['openapi-spec', organizationId, specSlug],
    queryFn: () => api.GET('/orgs/{organizationId}/openapi/{specSlug}', { params: { path } }),
  });
  const versions = useQuery({
    queryKey: ['openapi-versions', organizationId, specSlug],
    queryFn: () =>
      api.GET('/orgs/{organizationId}/openapi/{specSlug}/versions', { params: { path } }),
  });
  const latest = spec.data?.lastVersion;
  const changes = useQuery({
    queryKey: ['openapi-changes', organizationId, specSlug, latest],
    enabled: latest !== undefined,
    queryFn: () =>
      api.GET('/orgs/{organizationId}/openapi/{specSlug}/versions/{versionId}/changes', {
        params: { path: { ...path, versionId: latest ?? '' } },
      }),
  });
  const data = spec.data;
  if (data === undefined) return <p className="loading">Loading…</p>;
  const errors = data.lastProcessedErrors ?? [];
  return (
    <section className="screen">
      <h1>OpenAPI spec {data.slug}</h1>
      <dl className="facts">
        <dt>Source</dt>
        <dd>{data.sourceURL === undefined ? 'Given as text' : <code>{data.sourceURL}</code>}</dd>
        <dt>Visibility</dt>
        <dd>{data.visibility}</dd>
        <dt>Processing</dt>
        <dd>
          {data.processingState}
          {data.lastProcessErrorCode === undefined ? '' : `, failed: ${data.lastProcessErrorCode}`}
        </dd>
      </dl>
      {errors.length === 0 ? null : (
        <>
          <h2>Errors of the latest processing</h2>
          <ul>
            {errors.map((error, index) => (
              // Errors have no identity of their own; their order is the report's.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <li key={index}>{error.message}</li>
            ))}
          </ul>
        </>
      )}
      <h2>Versions</h2>
      <ul className="cards">
        {versions.data?.items.map((version) => (
          <li key={version.id}>
            {new Date(version.createdAt).toLocaleString()}
            {version.id === latest ? <strong> latest</strong> : null}
          </li>
        ))}
      </ul>
      {changes.data === undefined ? null : (
        <>
          <h2>What the latest version changed</h2>
          {changes.data.breaking ? <p role="note">It has breaking changes.</p> : null}
          <ChangeList title="Added" changes={changes.data.added} />
          <ChangeList title="Removed" changes={changes.data.removed} />
          <ChangeList title="Changed" changes={changes.data.changed} />
        </>
      )}
    </section>
  );
}

function ChangeList({ title, changes }: { title: string; changes: readonly OperationChange[] }) {
  if (changes.length === 0) return null;
  return (
    <>
      <h3>{title}</h3>
      <ul>
        {changes.map((change) => (
          <li key={`${change.method} ${change.path}`}>
            <code>
              {change.method.toUpperCase()} {change.path}
            </code>
            {change.breaking ? ' (breaking)' : ''}
            {change.changes.length === 0
              ? null
              : `: ${change.changes.map((item) => item.message).join('; ')}`}
          </li>
        ))}
      </ul>
    </>
  );
}
