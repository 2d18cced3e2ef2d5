import { X509Certificate } from 'node:crypto';
import type { Kysely } from 'kysely';
import { invalid, notFound } from '../../errors.js';
import { newId } from '../../ids.js';
import type { MemberRole } from '../../model/roles.js';
import {
  deleteSamlProvider,
  insertSamlProvider,
  type SamlProviderChanges,
  type SamlProviderRecord,
  updateSamlProvider,
} from '../../store/saml-providers.js';
import type { Database, Executor } from '../../store/schema.js';
import type { Actor } from '../actor.js';
import { type DomainEvent, recordEvent } from '../events/record-event.js';
import { requireTeamForSso } from './sso-membership.js';

/** The fields of a provider a request sets (`undefined`: unchanged). */
export interface SamlProviderInput {
  label?: string | undefined;
  entityID?: string | undefined;
  certificate?: string | undefined;
  ssoURL?: string | undefined;
  defaultTeam?: string | undefined;
  defaultRole?: MemberRole | null | undefined;
}

function providerEvent(
  action: 'saml_provider.created' | 'saml_provider.updated' | 'saml_provider.deleted',
  provider: SamlProviderRecord,
  payload?: Record<string, unknown>,
): DomainEvent {
  return {
    action,
    organizationId: provider.organizationId,
    target: { type: 'saml-provider', id: provider.id, label: provider.label },
    ...(payload === undefined ? {} : { payload }),
  };
}

/**
 * Checks what a request sets and turns it into stored fields: the certificate must be one X.509
 * certificate in PEM (what signatures are checked against), the SSO URL http(s), the default
 * team a team of the organization.
 */
async function changesFrom(
  db: Executor,
  organizationId: string,
  input: SamlProviderInput,
): Promise<SamlProviderChanges> {
  if (input.certificate !== undefined) requireCertificate(input.certificate);
  if (input.ssoURL !== undefined && !/^https?:\/\//i.test(input.ssoURL)) {
    throw invalid('Invalid ssoURL: the identity provider is reached over http or https');
  }
  if (input.defaultTeam !== undefined) {
    await requireTeamForSso(db, organizationId, input.defaultTeam);
  }
  return {
    ...(input.label === undefined ? {} : { label: input.label }),
    ...(input.entityID === undefined ? {} : { entityId: input.entityID }),
    ...(input.certificate === undefined ? {} : { certificate: input.certificate.trim() }),
    ...(input.ssoURL === undefined ? {} : { ssoUrl: input.ssoURL }),
    ...(input.defaultTeam === undefined ? {} : { defaultTeamId: input.defaultTeam }),
    ...(input.defaultRole === undefined ? {} : { defaultRole: input.defaultRole }),
  };
}

function requireCertificate(pem: string): void {
  if (!pem.includes('-----BEGIN CERTIFICATE-----')) {
    throw invalid(
      'Invalid certificate: expected an X.509 certificate in PEM (-----BEGIN CERTIFICATE-----)',
    );
  }
  try {
    new X509Certificate(pem);
  } catch (error) {
    throw invalid(
      `Invalid certificate: it does not parse as an X.509 certificate (${error instanceof Error ? error.message : String(error)})`,
    );
  }
}

/** Adds a SAML provider to an organization. */
export async function createSamlProvider(
  db: Kysely<Database>,
  actor: Actor,
  organizationId: string,
  input: SamlProviderInput & { label: string },
  now: Date,
): Promise<SamlProviderRecord> {
  return db.transaction().execute(async (trx) => {
    const changes = await changesFrom(trx, organizationId, input);
    const at = now.toISOString();
    const provider: SamlProviderRecord = {
      id: newId(),
      organizationId,
      label: input.label,
      entityId: changes.entityId ?? null,
      ssoUrl: changes.ssoUrl ?? null,
      certificate: changes.certificate ?? null,
      defaultTeamId: changes.defaultTeamId ?? null,
      defaultRole: changes.defaultRole ?? null,
      createdAt: at,
      updatedAt: at,
    };
    await insertSamlProvider(trx, provider);
    await recordEvent(trx, actor, providerEvent('saml_provider.created', provider), now);
    return provider;
  });
}

/** Changes a SAML provider. */
export async function changeSamlProvider(
  db: Kysely<Database>,
  actor: Actor,
  provider: SamlProviderRecord,
  input: SamlProviderInput,
  now: Date,
): Promise<SamlProviderRecord> {
  return db.transaction().execute(async (trx) => {
    const changes = await changesFrom(trx, provider.organizationId, input);
    const updated = await updateSamlProvider(trx, provider.id, changes, now);
    if (updated === undefined) throw notFound(`SAML provider ${provider.id} not found`);
    await recordEvent(
      trx,
      actor,
      providerEvent('saml_provider.updated', updated, { changed: Object.keys(input).sort() }),
      now,
    );
    return updated;
  });
}

/** Removes a SAML provider; members who signed in with it stay. */
export async function removeSamlProvider(
  db: Kysely<Database>,
  actor: Actor,
  provider: SamlProviderRecord,
  now: Date,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await deleteSamlProvider(trx, provider.id);
    await recordEvent(trx, actor, providerEvent('saml_provider.deleted', provider), now);
  });
}
