import { type Kysely, type MigrationResultSet, Migrator } from 'kysely';
import { foundationMigration } from '../migrations/0001-foundation.js';
import { instanceSettingsMigration } from '../migrations/0002-instance-settings.js';
import { contentMigration } from '../migrations/0003-content.js';
import { eventsMigration } from '../migrations/0004-events.js';
import { jobsAndWebhooksMigration } from '../migrations/0005-jobs-and-webhooks.js';
import { commentsMigration } from '../migrations/0006-comments.js';
import { sitesMigration } from '../migrations/0007-sites.js';
import { orgAdminMigration } from '../migrations/0008-org-admin.js';
import { samlMigration } from '../migrations/0009-saml.js';
import { searchMigration } from '../migrations/0010-search.js';
import { webhookDeliveryAttemptsMigration } from '../migrations/0011-webhook-delivery-attempts.js';
import { reviewsAndMergeRulesMigration } from '../migrations/0012-reviews-and-merge-rules.js';
import { siteDraftsMigration } from '../migrations/0013-site-drafts.js';
import { changeNotificationsMigration } from '../migrations/0014-change-notifications.js';
import { webhookChangeNotificationsMigration } from '../migrations/0015-webhook-change-notifications.js';
import { sitePublishingAuthMigration } from '../migrations/0016-site-publishing-auth.js';
import { siteChangeNotificationsMigration } from '../migrations/0017-site-change-notifications.js';
import { pdfExportsMigration } from '../migrations/0018-pdf-exports.js';
import { siteRedirectsMigration } from '../migrations/0019-site-redirects.js';
import { openapiSpecsMigration } from '../migrations/0020-openapi-specs.js';
import { translationsMigration } from '../migrations/0021-translations.js';
import { integrationsMigration } from '../migrations/0022-integrations.js';
import { gitSyncMigration } from '../migrations/0027-git-sync.js';
import { spaceRedirectsMigration } from '../migrations/0028-space-redirects.js';
import { jobTakeoversMigration } from '../migrations/0029-job-takeovers.js';
import { translationFailuresMigration } from '../migrations/0030-translation-failures.js';
import { jobLanesMigration } from '../migrations/0031-job-lanes.js';
import { rateLimitsMigration } from '../migrations/0032-rate-limits.js';
import { siteInsightEventsMigration } from '../migrations/0033-site-insight-events.js';
import { sessionsMigration } from '../migrations/0034-sessions.js';
import { collaborationMigration } from '../migrations/0035-collaboration.js';
import { siteQuestionsMigration } from '../migrations/0036-site-questions.js';
import { sectionEmbeddingsMigration } from '../migrations/0037-section-embeddings.js';
import { oidcMigration } from '../migrations/0038-oidc.js';
import type { Database } from '../schema.js';
import type { DialectName } from './dialect.js';
import { enableSectionVectors } from './section-vectors.js';

/**
 * Brings the schema up to date. Migrations are listed in code (not read from a folder) so they
 * run the same from sources and from the build; names sort in the order they apply.
 * @example await migrateToLatest(db, 'sqlite');
 */
export async function migrateToLatest(db: Kysely<Database>, dialect: DialectName): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: {
      getMigrations: async () => ({
        '0001-foundation': foundationMigration(dialect),
        '0002-instance-settings': instanceSettingsMigration(),
        '0003-content': contentMigration(),
        '0004-events': eventsMigration(),
        '0005-jobs-and-webhooks': jobsAndWebhooksMigration(),
        '0006-comments': commentsMigration(),
        '0007-sites': sitesMigration(),
        '0008-org-admin': orgAdminMigration(dialect),
        '0009-saml': samlMigration(),
        '0010-search': searchMigration(dialect),
        '0011-webhook-delivery-attempts': webhookDeliveryAttemptsMigration(),
        '0012-reviews-and-merge-rules': reviewsAndMergeRulesMigration(),
        '0013-site-drafts': siteDraftsMigration(),
        '0014-change-notifications': changeNotificationsMigration(dialect),
        '0015-webhook-change-notifications': webhookChangeNotificationsMigration(dialect),
        '0016-site-publishing-auth': sitePublishingAuthMigration(),
        '0017-site-change-notifications': siteChangeNotificationsMigration(dialect),
        '0018-pdf-exports': pdfExportsMigration(),
        '0019-site-redirects': siteRedirectsMigration(dialect),
        '0020-openapi-specs': openapiSpecsMigration(),
        '0021-translations': translationsMigration(),
        '0022-integrations': integrationsMigration(),
        '0027-git-sync': gitSyncMigration(),
        '0028-space-redirects': spaceRedirectsMigration(dialect),
        '0029-job-takeovers': jobTakeoversMigration(),
        '0030-translation-failures': translationFailuresMigration(),
        '0031-job-lanes': jobLanesMigration(),
        '0032-rate-limits': rateLimitsMigration(dialect),
        '0033-site-insight-events': siteInsightEventsMigration(),
        '0034-sessions': sessionsMigration(dialect),
        '0035-collaboration': collaborationMigration(dialect),
        '0036-site-questions': siteQuestionsMigration(),
        '0037-section-embeddings': sectionEmbeddingsMigration(dialect),
        '0038-oidc': oidcMigration(),
      }),
    },
  });
  const result: MigrationResultSet = await migrator.migrateToLatest();
  if (result.error !== undefined) {
    const failed = result.results?.find((migration) => migration.status === 'Error');
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(result.error)}`, {
      cause: result.error,
    });
  }
  if (dialect === 'postgres') await enableSectionVectors(db);
}
