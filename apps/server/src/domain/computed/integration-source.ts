import type { Document } from '@quire/document';
import type { Kysely } from 'kysely';
import { invalid } from '../../errors.js';
import { isRecord } from '../../is-record.js';
import { findContentInstallation } from '../../store/integration-content-installations.js';
import { findOrganizationInstallation } from '../../store/integration-installations.js';
import { findIntegration } from '../../store/integrations.js';
import type { Database } from '../../store/schema.js';
import type { IntegrationScripts } from '../../workers/integration-scripts.js';
import type { InstanceKeys } from '../instance/instance-keys.js';
import { integrationSecretsSealer } from '../integrations/integration-secrets.js';
import { resolveDependencies } from './computed-dependencies.js';
import {
  type ComputeTarget,
  contentComputeDocumentEvent,
  integrationEnvironment,
} from './integration-event.js';
import { documentOfAnswer } from './script-document.js';

export type { JSONDocument } from './script-document.js';

/** What computing a document with an integration needs of the app (the app's services have it). */
export interface IntegrationSourceServices {
  db: Kysely<Database>;
  /** Runs the integration's published script in its sandbox. */
  integrationScripts: IntegrationScripts;
  /** The secrets key opens the integration's sealed secrets for its environment. */
  keys: Pick<InstanceKeys, 'secretsKey'>;
  /** Where the API is: the environment's `apiEndpoint`. */
  urls: { api(...segments: string[]): string };
}

/** GitBook's `ComputedContentSourceIntegration`, as the computed-content operations take it. */
export interface IntegrationComputedSource {
  /** `integration:<integrationName>:<contentSourceId>`. */
  type: string;
  props?: Record<string, unknown> | undefined;
  dependencies?: Record<string, unknown> | undefined;
}

/** The computation asked for: where, from which source, with which seed. */
export interface IntegrationDocumentRequest {
  organizationId: string;
  spaceId: string;
  source: IntegrationComputedSource;
  /** Seed for the ids the computation makes; passed to the script with the event. */
  seed?: string | undefined;
}

const sourceType = /^integration:([^:]+):([^:]+)$/;

/**
 * Computes a page's document with an integration's content source: the source names an
 * integration installed on the space (or on its organization for every space) and a content
 * source the integration declares; its script then answers a `content_compute_document` event,
 * run in the sandbox, with a document. A source that names no such integration or content
 * source is a 400; a script that fails, is stopped at its limits, or answers something that is
 * not a document is a 502 saying so.
 * @example
 * const document = await computeIntegrationDocument(services, {
 *   organizationId, spaceId, seed: 'abc',
 *   source: { type: 'integration:glossary:terms', props: { terms: ['API'] } },
 * });
 */
export async function computeIntegrationDocument(
  services: IntegrationSourceServices,
  { organizationId, spaceId, source, seed }: IntegrationDocumentRequest,
): Promise<Document> {
  const [, integrationName = '', sourceId = ''] = sourceType.exec(source.type) ?? [];
  if (integrationName === '') {
    throw invalid(
      `source.type must be integration:<integrationName>:<contentSourceId> (got "${source.type.slice(0, 100)}")`,
    );
  }
  const props = source.props ?? {};
  if (!isRecord(props)) throw invalid('source.props must be an object');
  const target = await loadComputeTarget(services.db, organizationId, spaceId, integrationName);
  if (!target.integration.contentSources.some((declared) => declared.id === sourceId)) {
    throw invalid(`Integration ${integrationName} has no content source ${sourceId}`);
  }
  const dependencies = await resolveDependencies(
    services.db,
    organizationId,
    source.dependencies ?? {},
  );
  const event = contentComputeDocumentEvent(target, { sourceId, props, dependencies, seed });
  const environment = integrationEnvironment(
    target,
    apiEndpoint(services.urls.api()),
    integrationSecretsSealer(services.keys.secretsKey),
  );
  const answer = await services.integrationScripts.dispatch(
    target.integration.script,
    event,
    environment,
  );
  return documentOfAnswer(integrationName, answer);
}

/** What GitBook's API client is given as `endpoint`, which it adds `/v1` to: `PUBLIC_URL`. */
function apiEndpoint(apiBase: string): string {
  return new URL('..', apiBase).href.replace(/\/$/, '');
}

/**
 * The integration, its installation on the organization and, if any, on the space. Installed on
 * the organization for selected spaces only, it must be installed on this one.
 */
async function loadComputeTarget(
  db: Kysely<Database>,
  organizationId: string,
  spaceId: string,
  integrationName: string,
): Promise<ComputeTarget> {
  const notInstalled = () =>
    invalid(`Integration ${integrationName} is not installed on space ${spaceId}`);
  const integration = await findIntegration(db, integrationName);
  if (integration === undefined) throw notInstalled();
  const installation = await findOrganizationInstallation(db, integrationName, organizationId);
  if (installation === undefined) throw notInstalled();
  const spaceInstallation = await findContentInstallation(db, 'space', installation.id, spaceId);
  if (spaceInstallation === undefined && installation.spaceSelection !== 'all') {
    throw notInstalled();
  }
  return { integration, installation, spaceInstallation, spaceId };
}
