import type { Generated, Kysely, Transaction } from 'kysely';

// Timestamps are ISO 8601 strings and booleans are 0/1 in both dialects, so that rows read the
// same from SQLite and PostgreSQL and ISO strings sort as instants.

export interface UsersTable {
  id: string;
  email: string;
  display_name: string;
  photo_url: string | null;
  created_at: string;
}

export interface UserPasswordsTable {
  user_id: string;
  password_hash: string;
  updated_at: string;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  token_hash: string;
  method: string;
  user_agent: string | null;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
}

export interface ApiTokensTable {
  id: string;
  user_id: string;
  token_hash: string;
  created_at: string;
}

export interface OrganizationsTable {
  id: string;
  title: string;
  hostname: string | null;
  type: string;
  use_case: string | null;
  community_type: string | null;
  default_role: string | null;
  default_content_site: string | null;
  logo_url: string | null;
  sso: number;
  ai: number;
  invite_links: number;
  plan: string;
  created_at: string;
  updated_at: string;
  /** JSON merge rules configuration; `null` is `none`. */
  merge_rules: string | null;
}

export interface OrganizationEmailDomainsTable {
  organization_id: string;
  domain: string;
}

export interface OrganizationMembersTable {
  organization_id: string;
  user_id: string;
  /** `null` for a guest, who reaches only the spaces granted to them or their teams. */
  role: string | null;
  joined_at: string;
  last_seen_at: string | null;
  /** Whether the member signs in through the organization's SAML provider. */
  sso: Generated<number>;
}

export interface CollectionsTable {
  id: string;
  organization_id: string;
  parent_id: string | null;
  title: string;
  description: string | null;
  default_level: string | null;
  position: string;
  created_at: string;
  updated_at: string;
}

export interface SpacesTable {
  id: string;
  organization_id: string;
  parent_id: string | null;
  title: string;
  emoji: string;
  visibility: string;
  edit_mode: string;
  default_level: string | null;
  revision_id: string;
  /** Fractional index among siblings (same organization and parent); byte order is the order. */
  position: string;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
  change_requests_total: Generated<number>;
  change_requests_open: Generated<number>;
  change_requests_draft: Generated<number>;
  comments_open: Generated<number>;
  /** JSON merge rules configuration; `null` is `inherit`. */
  merge_rules: string | null;
}

export interface RevisionsTable {
  id: string;
  space_id: string;
  /** JSON array of parent revision ids. */
  parents: string;
  type: string;
  created_at: string;
  /** Hash of the root content object; `null` for a revision with no content. */
  root: string | null;
  author_id: string | null;
  /** The change request a merge revision came from. */
  merged_from: string | null;
}

export interface ContentObjectsTable {
  /** SHA-256 of `data`, lower-case hex. */
  hash: string;
  /** The object as JSON. */
  data: string;
}

export interface ChangeRequestsTable {
  id: string;
  space_id: string;
  number: number;
  status: string;
  subject: string;
  created_by: string;
  created_at: string;
  updated_at: string;
  revision_id: string;
  revision_initial: string;
  revision_merged_ancestor: string | null;
  revision_merged: string | null;
  comments_open: Generated<number>;
  /** JSON document; `null` when none was set. */
  description: string | null;
}

export interface ChangeRequestReviewsTable {
  id: string;
  change_request_id: string;
  reviewer_id: string;
  requested_by: string | null;
  status: string;
  /** The change request's revision the review was made on. */
  revision_id: string;
  /** The comment posted with the review, if any. */
  comment_id: string | null;
  created_at: string;
}

export interface ChangeRequestReviewRequestsTable {
  change_request_id: string;
  user_id: string;
  requested_by: string;
  revision_id: string;
  created_at: string;
}

export interface EventsTable {
  id: string;
  organization_id: string;
  action: string;
  actor_type: string;
  actor_id: string;
  actor_label: string;
  target_type: string;
  target_id: string;
  target_label: string;
  /** `api` for a request's change, `workflow` for background work. */
  source: string;
  request_id: string | null;
  /** JSON object. */
  payload: string;
  occurred_at: string;
}

export interface JobsTable {
  id: string;
  /** Which handler runs it (`webhook.deliver`). */
  kind: string;
  /** JSON object the handler is given. */
  payload: string;
  /** `queued` (waiting for `run_at`), `running` (leased until `locked_until`) or `failed`. */
  state: string;
  /** Runs started so far, the current one included. */
  attempts: number;
  run_at: string;
  locked_until: string | null;
  /** 1 while the run holding it took over one that never ended (its process stopped), else 0. */
  interrupted: Generated<number>;
  /** Jobs of one lane (`webhook:<id>`) run one at a time; `null`: a lane of its own. */
  lane: string | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
}

export interface PdfExportsTable {
  /** SHA-256 of what the PDF is made from: the space, its content's root, title and options. */
  key: string;
  space_id: string;
  revision_id: string;
  /** The page the PDF is limited to; `null` for the whole space. */
  page_id: string | null;
  /** 1: that page alone, without the pages under it. */
  only: number;
  title: string;
  file_name: string;
  /** `pending` (a job is making it), `ready` (in the blob store as `sha256`) or `failed`. */
  state: string;
  sha256: string | null;
  size: number | null;
  error: string | null;
  created_at: string;
  updated_at: string;
}

export interface WebhooksTable {
  id: string;
  organization_id: string;
  url: string;
  description: string;
  /** JSON array of event actions, `*` for all. */
  events: string;
  active: number;
  secret: string;
  /** The secret before the last rotation, still signing alongside the new one until `previous_secret_until`. */
  previous_secret: string | null;
  previous_secret_until: string | null;
  secret_rotated_at: string | null;
  /** When the current run of failed attempts began; `null` after a success. */
  failing_since: string | null;
  /** Why the server turned the webhook off; `null` when a person did, or it is on. */
  disabled_reason: string | null;
  created_by: string;
  created_at: string;
  updated_at: string;
}

export interface WebhookDeliveriesTable {
  id: string;
  webhook_id: string;
  event_id: string;
  /** `pending`, `succeeded` or `failed`. */
  status: string;
  attempts: number;
  next_attempt_at: string | null;
  last_attempt_at: string | null;
  response_status: number | null;
  duration_ms: number | null;
  error: string | null;
  redelivery_of: string | null;
  created_at: string;
}

/** One attempt of a delivery, numbered from 1 in the order they were made. */
export interface WebhookDeliveryAttemptsTable {
  delivery_id: string;
  number: number;
  at: string;
  response_status: number | null;
  duration_ms: number;
  error: string | null;
}

export interface CommentsTable {
  id: string;
  space_id: string;
  /** Empty for a comment on the space itself. */
  change_request_id: string;
  author_id: string;
  /** JSON document. */
  body: string;
  posted_at: string;
  edited_at: string | null;
  status: string;
  resolved_at: string | null;
  resolved_by: string | null;
  replies: Generated<number>;
  revision_id: string;
  page_id: string | null;
  /** JSON of the page as it was when the comment was posted. */
  page_snapshot: string | null;
  node_key: string | null;
  node_preview: string | null;
  /** The change request review the comment is about. */
  review_id: string | null;
}

export interface CommentRepliesTable {
  id: string;
  comment_id: string;
  author_id: string;
  /** JSON document. */
  body: string;
  posted_at: string;
  edited_at: string | null;
}

export interface CommentReactionsTable {
  comment_id: string;
  /** Empty for a reaction to the comment itself. */
  reply_id: string;
  emoji: string;
  user_id: string;
  reacted_at: string;
}

export interface SamlProvidersTable {
  id: string;
  organization_id: string;
  label: string;
  /** The identity provider's entity ID, SSO URL and signing certificate (PEM); set to be active. */
  entity_id: string | null;
  sso_url: string | null;
  certificate: string | null;
  default_team_id: string | null;
  default_role: string | null;
  created_at: string;
  updated_at: string;
}

export interface SamlRequestsTable {
  /** The id of an AuthnRequest sent. */
  id: string;
  /** Its IssueInstant, as the SAML library wrote it. */
  issued_at: string;
}

export interface OidcProvidersTable {
  id: string;
  organization_id: string;
  label: string;
  issuer: string;
  client_id: string;
  client_secret_sealed: string | null;
  default_team_id: string | null;
  default_role: string | null;
  created_at: string;
  updated_at: string;
}

export interface OidcSignInsTable {
  /** The `state` sent to the provider, which comes back with the code. */
  state: string;
  provider_id: string;
  /** The PKCE code verifier whose challenge was sent. */
  code_verifier: string;
  /** The nonce the ID token must carry. */
  nonce: string;
  /** The app's path to land on once signed in. */
  relay: string;
  started_at: string;
}

export interface SitesTable {
  id: string;
  organization_id: string;
  title: string;
  type: string;
  visibility: string;
  published: number;
  basename: string | null;
  proxy: string | null;
  adaptive_content: number;
  agents_context: string;
  default_section_id: string | null;
  /** The default site space at the root, for a site without sections. */
  default_site_space_id: string | null;
  /** JSON Schema of visitor claims, as JSON; `null`: none stored yet. */
  adaptive_schema: string | null;
  adaptive_schema_updated_at: string | null;
  /** JSON object of customization settings. */
  customization: string;
  created_at: string;
  updated_at: string;
}

/** How readers of a `visitor-auth` site prove who they are. */
export interface SitePublishingAuthTable {
  site_id: string;
  backend: string;
  /** The HS256 secret visitor tokens are signed with, sealed like share link keys. */
  key_sealed: string;
  fallback_url: string | null;
  logout_url: string | null;
  updated_at: string;
}

export interface SiteSectionGroupsTable {
  id: string;
  site_id: string;
  title: string;
  icon: string | null;
  /** Among the site's top level: ungrouped sections and groups share one order. */
  position: string;
  created_at: string;
  /** 1 while it is a draft, kept out of the published site. */
  draft: Generated<number>;
}

export interface SiteSectionsTable {
  id: string;
  site_id: string;
  section_group_id: string | null;
  title: string;
  description: string | null;
  path: string;
  condition: string | null;
  icon: string | null;
  default_site_space_id: string | null;
  /** Among the site's top level, or among its group's sections. */
  position: string;
  created_at: string;
  /** 1 while it is a draft, kept out of the published site. */
  draft: Generated<number>;
}

export interface SiteSpacesTable {
  id: string;
  site_id: string;
  /** `null`: at the root of a site without sections. */
  section_id: string | null;
  space_id: string;
  path: string;
  condition: string | null;
  /** JSON object of customization settings; `null`: none of its own. */
  customization: string | null;
  position: string;
  created_at: string;
  /** 1 while it is a draft, kept out of the published site. */
  draft: Generated<number>;
}

export interface SiteShareLinksTable {
  id: string;
  site_id: string;
  name: string | null;
  active: number;
  key_hash: string;
  key_sealed: string;
  expires_at: string | null;
  created_at: string;
}

export interface IntegrationsTable {
  name: string;
  organization_id: string;
  version: number;
  title: string;
  description: string;
  summary: string | null;
  runtime: string;
  visibility: string;
  target: string;
  /** JSON arrays and objects of the contract's shapes. */
  scopes: string;
  categories: string;
  blocks: string;
  /** JSON array of the lower-cased hosts the blocks unfurl, for the `blockDomain` filter. */
  block_domains: string;
  content_sources: string;
  configurations: string;
  external_links: string;
  /** JSON of the policy string or directives. */
  content_security_policy: string | null;
  /** JSON `{sha256, contentType}` of the icon's blob. */
  icon: string | null;
  /** JSON array of `{sha256, contentType}`. */
  preview_images: string;
  script: string;
  /** The secrets' JSON object, sealed with AES-256-GCM; never the plain text. */
  secrets: string | null;
  created_at: string;
  updated_at: string;
}

export interface IntegrationInstallationsTable {
  id: string;
  integration_name: string;
  organization_id: string;
  status: string;
  space_selection: string;
  site_selection: string;
  /** JSON object. */
  configuration: string;
  /** JSON array; the same ids have rows in `integration_installation_external_ids`. */
  external_ids: string;
  created_at: string;
  updated_at: string;
}

export interface IntegrationInstallationExternalIdsTable {
  installation_id: string;
  external_id: string;
}

export interface IntegrationSpaceInstallationsTable {
  installation_id: string;
  space_id: string;
  configuration: string;
  external_ids: string;
  created_at: string;
  updated_at: string;
}

export interface IntegrationSiteInstallationsTable {
  installation_id: string;
  site_id: string;
  configuration: string;
  external_ids: string;
  created_at: string;
  updated_at: string;
}

/** A redirect a space's Git repository declares: `0028-space-redirects`. */
export interface SpaceRedirectsTable {
  space_id: string;
  /** The old path, relative to the space, without leading or trailing `/`. */
  source: string;
  page_id: string;
  created_at: string;
}

export interface SiteRedirectsTable {
  id: string;
  site_id: string;
  source: string;
  /** 1 while it is a draft, not followed by readers. */
  draft: number;
  capture_wildcard: number;
  permanent: number;
  /** JSON of the contract's `SiteRedirectDestination`. */
  destination: string;
  created_at: string;
  updated_at: string | null;
  /** `updated_at`, or `created_at` when never updated: what `orderBy=updatedAt` sorts by. */
  changed_at: string;
}

export interface OpenapiSpecsTable {
  id: string;
  organization_id: string;
  slug: string;
  /** The URL the spec is fetched from; `null` for a spec given as text. */
  source_url: string | null;
  /** The spec given as text; `null` for one fetched from a URL. */
  source_text: string | null;
  /** The contract's `OpenAPISpecVisibility`. */
  visibility: string;
  /** The contract's `OpenAPISpecProcessingState`. */
  processing_state: string;
  /** Raised by every write of the source; a processing job carries the one it was queued for. */
  generation: number;
  last_version_id: string | null;
  last_processed_at: string | null;
  /** The contract's `OpenAPISpecProcessingErrorCode`, after a failed processing. */
  last_process_error_code: string | null;
  /** JSON of the contract's `OpenAPIErrorObject[]`, at most 20. */
  last_process_errors: string | null;
  last_process_error_count: number;
  created_at: string;
  updated_at: string;
}

export interface OpenapiSpecVersionsTable {
  id: string;
  spec_id: string;
  /** 1, 2, … in the spec, zero-padded to 12 digits. */
  number: string;
  url: string;
  /** The name of the entry file in the version's files. */
  entry_path: string;
  /** SHA-256 of the canonical JSON of the version's files: the blob holding them. */
  content_sha256: string;
  /** JSON of what the version changed against the one before it. */
  changes: string;
  created_at: string;
}

export interface TranslationsTable {
  id: string;
  organization_id: string;
  source_space_id: string;
  source_language: string;
  language: string;
  /** JSON of the instructions document. */
  instructions: string;
  /** `pending`, `running` or `completed`. */
  status: string;
  /** The space the runs write; `null` until the first run makes it. */
  result_space_id: string | null;
  result_revision_id: string | null;
  runs: number;
  total_words: number;
  /** Source pages the result holds a translation of. */
  total_pages: number;
  total_duration: number;
  latest_run_duration: number;
  latest_pages: number;
  latest_words: number;
  /** Who created it: the runs write the result space as them. */
  created_by: string;
  created_at: string;
  updated_at: string;
  /** The job queued to run it next, if any: another request moves it up rather than adding one. */
  queued_job_id: string | null;
  /** The job running it now, if any, and since when. */
  running_job_id: string | null;
  run_started_at: string | null;
  /** Why the latest run failed; `null` once a run finishes. */
  last_error: string | null;
}

export interface TranslationPagesTable {
  translation_id: string;
  source_page_id: string;
  /** The page written for it in the result space. */
  result_page_id: string;
  /** Hash of what the page was translated from, with the languages and instructions. */
  source_hash: string;
  /** Words of the page the last translation of it sent. */
  words: number;
}

export interface InstanceSettingsTable {
  name: string;
  value: string;
  updated_at: string;
}

export interface TeamsTable {
  id: string;
  organization_id: string;
  title: string;
  created_at: string;
  updated_at: string;
}

export interface TeamMembersTable {
  team_id: string;
  user_id: string;
  /** The team's organization. */
  organization_id: string;
  /** `owner` (manages the team's members) or `member`. */
  role: string;
  joined_at: string;
}

export interface SpaceUserGrantsTable {
  space_id: string;
  user_id: string;
  role: string;
  granted_at: string;
}

export interface SpaceTeamGrantsTable {
  space_id: string;
  team_id: string;
  role: string;
  granted_at: string;
}

export interface InviteLinksTable {
  id: string;
  organization_id: string;
  /** The role joining gives; `null` makes a guest. */
  role: string | null;
  expires_at: string | null;
  created_by: string;
  created_at: string;
}

/** A page of a space's head revision, for search and for resolving links. */
export interface IndexedPagesTable {
  space_id: string;
  page_id: string;
  title: string;
  path: string;
}

/** A section of a page of a space's head (its searchable text is in the full-text index). */
export interface IndexedSectionsTable {
  id: Generated<number>;
  space_id: string;
  page_id: string;
  position: number;
  /** The heading's anchor; empty for the text before the first heading. */
  anchor: string;
  title: string;
  body: string;
}

/** A file of a space's head revision, by name, for resolving links. */
export interface IndexedFilesTable {
  space_id: string;
  file_id: string;
  name: string;
}

/** A link written in a page body, of the space's head (`change_request_id` empty) or a change request. */
export interface PageLinksTable {
  space_id: string;
  change_request_id: string;
  key: string;
  page_id: string;
  kind: string;
  target: string;
  anchor: string;
  text: string;
  status: string;
}

export interface ChangeRequestLinkPagesTable {
  space_id: string;
  change_request_id: string;
  page_id: string;
}

/** What a space and its repository last agreed on (`state` is JSON). */
export interface GitSyncStatesTable {
  space_id: string;
  repository_url: string;
  branch: string;
  directory: string;
  /** The revision that mirrors the repository as last agreed. */
  revision_id: string | null;
  /** The commit last agreed on. */
  commit: string | null;
  state: string;
  updated_at: string;
}

/** The repository a space is kept in step with; credentials and secret sealed. */
export interface GitSyncConnectionsTable {
  space_id: string;
  id: string;
  repository_url: string;
  branch: string;
  directory: string;
  credentials: string | null;
  webhook_secret: string;
  initial_sync: string;
  poll_interval_seconds: number;
  polled_at: string | null;
  created_by: string;
  created_at: string;
  updated_at: string;
}

/** An import from or export to a repository, asked for and run in order per space. */
export interface GitSyncOperationsTable {
  id: string;
  space_id: string;
  direction: string;
  /** The connection that queued it; its repository is read from there when it runs. */
  connection_id: string | null;
  /** The job that runs it. */
  job_id: string | null;
  /** The change request an import that met edits of the space left its version in. */
  change_request_id: string | null;
  status: string;
  /** What it was asked with, sealed (the URL may carry credentials). */
  request: string;
  requested_by: string;
  /** The repository's URL without credentials, for showing. */
  repository_url: string;
  branch: string;
  /** Runs that failed on the remote so far. */
  failures: number;
  error: string | null;
  commit: string | null;
  revision_id: string | null;
  created_at: string;
  started_at: string | null;
  ended_at: string | null;
}

/** What a reader did on a published site; see the migration for what is never kept. */
export interface SiteInsightEventsTable {
  id: string;
  site_id: string;
  /** GitBook's event type (`page_view`, `search_type_query`, `page_post_feedback`, …). */
  type: string;
  occurred_at: string;
  /** `site`, `server`, `embed` or `mcp`. */
  display_context: string;
  url_path: string;
  site_section_id: string | null;
  site_space_id: string | null;
  space_id: string | null;
  page_id: string | null;
  session_id: string;
  visitor_id: string;
  referrer_domain: string | null;
  search_query: string | null;
  /** `bad`, `ok` or `good`. */
  feedback_rating: string | null;
}

/** A question readers asked a site, once per wording (see the `0036-site-questions` migration). */
export interface SiteQuestionsTable {
  id: string;
  site_id: string;
  grouped_as: string;
  question: string;
  /** `exploring`, `how-to`, `troubleshooting`, `reference` or `unknown`. */
  type: string;
  created_at: string;
  asked_at: string;
}

/** One time a question was asked of a site, and its answer. */
export interface SiteQuestionAnswersTable {
  id: string;
  site_id: string;
  question_id: string;
  thread_id: string;
  previous_id: string | null;
  input_raw: string;
  input_text: string;
  language: string;
  answer_markdown: string | null;
  failure: string | null;
  /** `yes`, `partially` or `no`. */
  answered: string;
  /** `relevant`, `spam`, `off-topic` or `unclear`. */
  relevance: string;
  /** `site`, `embed` or `api`. */
  channel_type: string;
  session_id: string | null;
  visitor_id: string | null;
  /** 1 or -1, as the reader rated it. */
  feedback_rating: number | null;
  created_at: string;
  updated_at: string;
}

/** A page an answer cited, in the order the sources were given to the model. */
export interface SiteQuestionAnswerSourcesTable {
  answer_id: string;
  ordinal: number;
  space_id: string;
  revision_id: string;
  page_id: string;
  title: string;
  url: string;
  /** JSON array of section anchors. */
  sections: string;
}

/** What an agent reported about a site (see the `0036-site-questions` migration). */
export interface SiteAgentFeedbackTable {
  id: string;
  site_id: string;
  /** The answer the feedback names (its `reportedBy.correlationId`), when it names one. */
  answer_id: string | null;
  category: string;
  /** The whole `AgentFeedbackInput`, as JSON. */
  feedback: string;
  created_at: string;
}

/** The embedding of a section of a space's head (see the `0037-section-embeddings` migration). */
export interface SectionEmbeddingsTable {
  space_id: string;
  page_id: string;
  anchor: string;
  /** SHA-256 of the section's heading and text, as embedded. */
  section_hash: string;
  model: string;
  /** Little-endian 32-bit floats. */
  vector: Uint8Array;
  /**
   * The same vector as pgvector's `vector`, which the database compares: only on PostgreSQL where
   * the extension is installed (see `store/database/section-vectors.ts`).
   */
  embedding?: string | null;
}

/** Every table Quire stores. */
/** A document people edit together (see the `0035-collaboration` migration). */
export interface CollabDocumentsTable {
  name: string;
  space_id: string;
  change_request_id: string | null;
  page_id: string;
  state: Uint8Array;
  base_revision_id: string;
  base_state: Uint8Array;
  writing_state: Uint8Array | null;
  owner_id: string | null;
  owner_until: string | null;
  updated_at: string;
}

/** An update to a collaborative document, kept until it is folded into the document's state. */
export interface CollabUpdatesTable {
  id: Generated<number>;
  name: string;
  update: Uint8Array;
  user_id: string | null;
  created_at: string;
}

export interface Database {
  users: UsersTable;
  api_tokens: ApiTokensTable;
  user_passwords: UserPasswordsTable;
  sessions: SessionsTable;
  collab_documents: CollabDocumentsTable;
  collab_updates: CollabUpdatesTable;
  organizations: OrganizationsTable;
  organization_email_domains: OrganizationEmailDomainsTable;
  organization_members: OrganizationMembersTable;
  collections: CollectionsTable;
  spaces: SpacesTable;
  revisions: RevisionsTable;
  instance_settings: InstanceSettingsTable;
  content_objects: ContentObjectsTable;
  change_requests: ChangeRequestsTable;
  change_request_reviews: ChangeRequestReviewsTable;
  change_request_review_requests: ChangeRequestReviewRequestsTable;
  events: EventsTable;
  site_insight_events: SiteInsightEventsTable;
  site_questions: SiteQuestionsTable;
  site_question_answers: SiteQuestionAnswersTable;
  site_question_answer_sources: SiteQuestionAnswerSourcesTable;
  section_embeddings: SectionEmbeddingsTable;
  site_agent_feedback: SiteAgentFeedbackTable;
  jobs: JobsTable;
  pdf_exports: PdfExportsTable;
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_delivery_attempts: WebhookDeliveryAttemptsTable;
  comments: CommentsTable;
  comment_replies: CommentRepliesTable;
  comment_reactions: CommentReactionsTable;
  saml_providers: SamlProvidersTable;
  saml_requests: SamlRequestsTable;
  oidc_providers: OidcProvidersTable;
  oidc_sign_ins: OidcSignInsTable;
  sites: SitesTable;
  site_section_groups: SiteSectionGroupsTable;
  site_sections: SiteSectionsTable;
  site_spaces: SiteSpacesTable;
  site_share_links: SiteShareLinksTable;
  site_publishing_auth: SitePublishingAuthTable;
  site_redirects: SiteRedirectsTable;
  space_redirects: SpaceRedirectsTable;
  openapi_specs: OpenapiSpecsTable;
  openapi_spec_versions: OpenapiSpecVersionsTable;
  translations: TranslationsTable;
  translation_pages: TranslationPagesTable;
  integrations: IntegrationsTable;
  integration_installations: IntegrationInstallationsTable;
  integration_installation_external_ids: IntegrationInstallationExternalIdsTable;
  git_sync_states: GitSyncStatesTable;
  git_sync_connections: GitSyncConnectionsTable;
  git_sync_operations: GitSyncOperationsTable;
  integration_space_installations: IntegrationSpaceInstallationsTable;
  integration_site_installations: IntegrationSiteInstallationsTable;
  teams: TeamsTable;
  team_members: TeamMembersTable;
  space_user_grants: SpaceUserGrantsTable;
  space_team_grants: SpaceTeamGrantsTable;
  invite_links: InviteLinksTable;
  indexed_pages: IndexedPagesTable;
  indexed_sections: IndexedSectionsTable;
  indexed_files: IndexedFilesTable;
  page_links: PageLinksTable;
  change_request_link_pages: ChangeRequestLinkPagesTable;
}

/** The database, or a transaction on it: store functions take either. */
export type Executor = Kysely<Database> | Transaction<Database>;
