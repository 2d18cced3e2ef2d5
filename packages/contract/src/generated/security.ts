// Generated from spec/ by `pnpm gen`. Do not edit.

/** Operations whose `security` is empty: they answer without a token. */
export const publicOperations = [
  'getApiInformation',
  'listSSOProviderLoginsInOrganization',
  'resolvePublishedContentByUrl',
  'signIn',
  'signUpWithInvite',
  'trackEventsInSiteById',
] as const;

/** Operations that take a site's reader token (the `siteReader` scheme) beside an API token. */
export const siteReaderOperations = [
  'getChangeRequestById',
  'getChangeRequestChanges',
  'getDocumentById',
  'getEmbedByUrlInSpace',
  'getFileInRevisionById',
  'getLatestOpenAPISpecVersion',
  'getLatestOpenAPISpecVersionContent',
  'getPageDocumentInRevisionById',
  'getPageInRevisionById',
  'getPageInRevisionByPath',
  'getPublishedContentSite',
  'getReusableContentDocumentInRevisionById',
  'getReusableContentInRevisionById',
  'getRevisionById',
  'getRevisionSemanticChanges',
  'getSiteRedirectBySource',
  'getSpaceById',
  'getUserById',
  'getVariablesInRevisionById',
  'listFilesInRevisionById',
  'listPagesInRevisionById',
  'listRevisionPageMetaLinks',
  'searchSiteContent',
  'streamAskInSite',
  'streamRecommendedQuestionsInSite',
  'submitAgentFeedbackToSite',
] as const;
