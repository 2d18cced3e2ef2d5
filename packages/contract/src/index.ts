export {
  loadOpenApiDocument,
  type OpenApiDocument,
  openapiJsonPath,
  openapiYamlPath,
} from './document.js';
export type { components, operations, paths } from './generated/schema.js';
export { publicOperations, siteReaderOperations } from './generated/security.js';
export type {
  Body,
  OperationId,
  PathParams,
  Query,
  Reply,
  ResponseBody,
  ResponseEvent,
  Responses,
  StatusCode,
  SuccessStatus,
} from './operations.js';

import type { components } from './generated/schema.js';

type Schemas = components['schemas'];
/** A user, as the API shows it. */
export type User = Schemas['User'];
export type Session = Schemas['Session'];
export type ApiToken = Schemas['ApiToken'];
/** An organization, as the API shows it. */
export type Organization = Schemas['Organization'];
/** A space, as the API shows it. */
export type Space = Schemas['Space'];
/** A collection, as the API shows it. */
export type Collection = Schemas['Collection'];
/** A member role, highest first: admin, create, review, edit, comment, read. */
export type MemberRole = Schemas['MemberRole'];
/** The error body of every 4xx and 5xx answer. */
export type ErrorBody = Schemas['Error'];
