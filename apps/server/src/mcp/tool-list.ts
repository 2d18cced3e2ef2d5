import type { OperationId } from '@quire/contract';

/** One operation offered to agents as a tool, named by its operationId. */
export interface ToolChoice {
  operationId: OperationId;
  /**
   * Query parameters the tool always sends, left out of its input: a page is read as Markdown,
   * which an agent reads and writes best, never as the document tree.
   */
  fixed?: Readonly<Record<string, string>>;
}

const asMarkdown = { format: 'markdown' } as const;

/**
 * The operations an agent reaches through the MCP server, each a tool of the same name: find
 * organizations, spaces and sites; search and ask; read pages; and carry a change request from
 * opening to merge, then publish. Adding an operation here is the whole change: its name, description
 * and input come from the contract, and its call goes through the API like any other.
 */
export const toolChoices: readonly ToolChoice[] = [
  { operationId: 'getAuthenticatedUser' },
  { operationId: 'listOrganizationsForAuthenticatedUser' },
  { operationId: 'listSpacesInOrganizationById' },
  { operationId: 'getSpaceById' },
  { operationId: 'listSites' },
  { operationId: 'listSiteSpaces' },
  { operationId: 'searchOrganizationContent' },
  { operationId: 'searchSpaceContent' },
  { operationId: 'askInOrganization', fixed: asMarkdown },
  { operationId: 'listPages' },
  { operationId: 'getPageById', fixed: asMarkdown },
  { operationId: 'getPageByPath', fixed: asMarkdown },
  { operationId: 'listChangeRequestsForSpace' },
  { operationId: 'createChangeRequest' },
  { operationId: 'getChangeRequestById' },
  { operationId: 'updateChangeRequestById' },
  { operationId: 'listPagesInChangeRequest' },
  { operationId: 'getPageInChangeRequestById', fixed: asMarkdown },
  { operationId: 'updateChangeRequestContent' },
  { operationId: 'getChangeRequestChanges' },
  { operationId: 'getChangeRequestDiff' },
  { operationId: 'listCommentsInChangeRequest', fixed: asMarkdown },
  { operationId: 'postCommentInChangeRequest', fixed: asMarkdown },
  { operationId: 'listCommentRepliesInChangeRequest', fixed: asMarkdown },
  { operationId: 'postCommentReplyInChangeRequest', fixed: asMarkdown },
  { operationId: 'requestReviewersForChangeRequest' },
  { operationId: 'getReviewsByChangeRequestId' },
  { operationId: 'submitChangeRequestReview' },
  { operationId: 'mergeChangeRequest' },
  { operationId: 'publishSite' },
];
