import { combineHandlerTables, type HandlerTable } from '../http/handler.js';
import { askHandlers } from './ask.js';
import { auditEventHandlers } from './audit-events.js';
import { changeRequestReviewHandlers } from './change-request-reviews.js';
import { changeRequestHandlers } from './change-requests.js';
import { collectionHandlers } from './collections.js';
import { commentOperationHandlers } from './comments.js';
import { computedDocumentHandlers } from './computed-documents.js';
import { contentHandlers } from './content.js';
import { embedHandlers } from './embeds.js';
import { gitSyncHandlers } from './git-sync.js';
import { importHandlers } from './imports.js';
import { installationHandlers } from './integration-installations.js';
import { integrationHandlers } from './integrations.js';
import { inviteLinkHandlers } from './invite-links.js';
import { linkHandlers } from './links.js';
import { memberHandlers } from './members.js';
import { oidcHandlers } from './oidc.js';
import { openApiSpecHandlers } from './openapi-specs.js';
import { organizationHandlers } from './organizations.js';
import { pdfExportHandlers } from './pdf-exports.js';
import { publishedContentHandlers } from './published-content.js';
import { publishingAuthHandlers } from './publishing-auth.js';
import { samlHandlers } from './saml.js';
import { searchHandlers } from './search.js';
import { siteInsightHandlers } from './site-insights.js';
import { siteQuestionHandlers } from './site-questions.js';
import { siteRedirectHandlers } from './site-redirects.js';
import { siteSpaceHandlers } from './site-spaces.js';
import { siteStructureHandlers } from './site-structure.js';
import { siteHandlers } from './sites.js';
import { spacePermissionHandlers } from './space-permissions.js';
import { spaceHandlers } from './spaces.js';
import { systemHandlers } from './system.js';
import { teamHandlers } from './teams.js';
import { translationHandlers } from './translations.js';
import { userHandlers } from './users.js';
import { webhookHandlers } from './webhooks.js';

/** Every operation's handler, keyed by operationId. */
export const handlers: HandlerTable = combineHandlerTables([
  systemHandlers,
  userHandlers,
  organizationHandlers,
  spaceHandlers,
  collectionHandlers,
  contentHandlers,
  embedHandlers,
  computedDocumentHandlers,
  searchHandlers,
  askHandlers,
  linkHandlers,
  pdfExportHandlers,
  importHandlers,
  gitSyncHandlers,
  changeRequestHandlers,
  changeRequestReviewHandlers,
  auditEventHandlers,
  webhookHandlers,
  integrationHandlers,
  installationHandlers,
  commentOperationHandlers,
  samlHandlers,
  oidcHandlers,
  siteHandlers,
  siteStructureHandlers,
  siteSpaceHandlers,
  siteRedirectHandlers,
  siteInsightHandlers,
  siteQuestionHandlers,
  openApiSpecHandlers,
  publishedContentHandlers,
  publishingAuthHandlers,
  memberHandlers,
  teamHandlers,
  inviteLinkHandlers,
  spacePermissionHandlers,
  translationHandlers,
]);
