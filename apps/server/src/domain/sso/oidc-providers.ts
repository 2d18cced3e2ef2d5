import type { Kysely } from 'kysely';
import { invalid, notFound } from '../../errors.js';
import { newId } from '../../ids.js';
import type { MemberRole } from '../../model/roles.js';
import {
  deleteOidcProvider,
  insertOidcProvider,
  type OidcProviderChanges,
  type OidcProviderRecord,
  updateOidcProvider,
} from '../../store/oidc-providers.js';
import type { Database, Executor } from '../../store/schema.js';
import type { Actor } from '../actor.js';
import { type DomainEvent, recordEvent } from '../events/record-event.js';
import { type SecretSealer, secretSealer } from '../instance/sealed-secrets.js';
import { requireReachableUrl } from '../outbound-targets.js';
import { requireTeamForSso } from './sso-membership.js';

/** The fields of a provider a request sets (`undefined`: unchanged). */
export interface OidcProviderInput {
  label?: string | undefined;
  issuer?: string | undefined;
  clientId?: string | undefined;
  clientSecret?: string | null | undefined;
  defaultTeam?: string | undefined;
  defaultRole?: MemberRole | null | undefined;
}

/** What managing providers needs: the database, the key client secrets are sealed under. */
export interface OidcProviderServices {
  db: Kysely<Database>;
  keys: { secretsKey: Buffer };
  outboundAllowPrivate: boolean;
}

/** The sealer of OpenID Connect client secrets. */
export function oidcSecretSealer(secretsKey: Buffer): SecretSealer {
  return secretSealer(secretsKey, 'quire oidc client secrets');
}

function providerEvent(
  action: 'oidc_provider.created' | 'oidc_provider.updated' | 'oidc_provider.deleted',
  provider: OidcProviderRecord,
  payload?: Record<string, unknown>,
): DomainEvent {
  return {
    action,
    organizationId: provider.organizationId,
    target: { type: 'oidc-provider', id: provider.id, label: provider.label },
    ...(payload === undefined ? {} : { payload }),
  };
}

/**
 * Checks what a request sets and turns it into stored fields: the issuer an http(s) URL the
 * server may reach (without query or fragment: discovery appends to its path), the default team
 * a team of the organization, the client secret sealed.
 */
async function changesFrom(
  db: Executor,
  services: OidcProviderServices,
  organizationId: string,
  input: OidcProviderInput,
): Promise<OidcProviderChanges> {
  let issuer: string | undefined;
  if (input.issuer !== undefined) {
    const url = new URL(input.issuer);
    if (url.search !== '' || url.hash !== '') {
      throw invalid('body.issuer: an issuer URL has no query and no fragment');
    }
    await requireReachableUrl(url.href, 'body.issuer', services.outboundAllowPrivate);
    // Issuers are compared as written in the provider's configuration: no trailing slash added.
    issuer = input.issuer;
  }
  if (input.defaultTeam !== undefined) {
    await requireTeamForSso(db, organizationId, input.defaultTeam);
  }
  const sealer = oidcSecretSealer(services.keys.secretsKey);
  return {
    ...(input.label === undefined ? {} : { label: input.label }),
    ...(issuer === undefined ? {} : { issuer }),
    ...(input.clientId === undefined ? {} : { clientId: input.clientId }),
    ...(input.clientSecret === undefined
      ? {}
      : {
          clientSecretSealed: input.clientSecret === null ? null : sealer.seal(input.clientSecret),
        }),
    ...(input.defaultTeam === undefined ? {} : { defaultTeamId: input.defaultTeam }),
    ...(input.defaultRole === undefined ? {} : { defaultRole: input.defaultRole }),
  };
}

/** Adds an OpenID Connect provider to an organization. */
export async function createOidcProvider(
  services: OidcProviderServices,
  actor: Actor,
  organizationId: string,
  input: OidcProviderInput & { label: string; issuer: string; clientId: string },
  now: Date,
): Promise<OidcProviderRecord> {
  return services.db.transaction().execute(async (trx) => {
    const changes = await changesFrom(trx, services, organizationId, input);
    const at = now.toISOString();
    const provider: OidcProviderRecord = {
      id: newId(),
      organizationId,
      label: input.label,
      issuer: changes.issuer ?? input.issuer,
      clientId: input.clientId,
      clientSecretSealed: changes.clientSecretSealed ?? null,
      defaultTeamId: changes.defaultTeamId ?? null,
      defaultRole: changes.defaultRole ?? null,
      createdAt: at,
      updatedAt: at,
    };
    await insertOidcProvider(trx, provider);
    await recordEvent(trx, actor, providerEvent('oidc_provider.created', provider), now);
    return provider;
  });
}

/** Changes an OpenID Connect provider. */
export async function changeOidcProvider(
  services: OidcProviderServices,
  actor: Actor,
  provider: OidcProviderRecord,
  input: OidcProviderInput,
  now: Date,
): Promise<OidcProviderRecord> {
  return services.db.transaction().execute(async (trx) => {
    const changes = await changesFrom(trx, services, provider.organizationId, input);
    const updated = await updateOidcProvider(trx, provider.id, changes, now);
    if (updated === undefined) throw notFound(`OpenID Connect provider ${provider.id} not found`);
    await recordEvent(
      trx,
      actor,
      providerEvent('oidc_provider.updated', updated, { changed: Object.keys(input).sort() }),
      now,
    );
    return updated;
  });
}

/** Removes an OpenID Connect provider; members who signed in with it stay. */
export async function removeOidcProvider(
  db: Kysely<Database>,
  actor: Actor,
  provider: OidcProviderRecord,
  now: Date,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await deleteOidcProvider(trx, provider.id);
    await recordEvent(trx, actor, providerEvent('oidc_provider.deleted', provider), now);
  });
}
