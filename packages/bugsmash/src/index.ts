export {
  AbortError,
  type Args,
  type AuthStrategy,
  type CallOptions,
  type ClientOptions,
  ConnectionError,
  CredentialsError,
  type FetchLike,
  type LogEvent,
  type Logger,
  type Method,
  type Page,
  type Paginator,
  type RedactedRequest,
  ResponseTooLargeError,
  type RetryOptions,
  SpecboundError,
  TimeoutError,
  ValidationError,
  type WithResponse,
} from '@specbound/http';
export {
  type BugSmashClient,
  type BugSmashClientOptions,
  type BugSmashCore,
  createBugSmashClient,
  createBugSmashCore,
  DEFAULT_BASE_URL,
} from './client.js';
export {
  type CommentList,
  createReply,
  deleteComment,
  deleteReply,
  getComment,
  iterateComments,
  iterateReplies,
  listComments,
  listReplies,
  updateComment,
} from './comments.js';
// The context a client or core carries for its operation functions: exported so that the type of a
// client can be named in a user's declarations (TS2883 otherwise), not to be used directly.
export type { Context as BugSmashContext, Data, Params } from './context.js';
export type { BugSmashErrorBody } from './envelope.js';
export {
  ApiError,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  InternalServerError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  UnprocessableEntityError,
} from './errors.js';
export {
  createFolder,
  deleteFolder,
  getFolder,
  iterateFolders,
  listFolders,
  updateFolder,
} from './folders.js';
export type { components, operations, paths, webhooks } from './generated/schema.js';
export type {
  CreateFileProjectInput,
  CreateMultiImageProjectInput,
  CreateProjectParams,
  CreateWebsiteProjectInput,
  ListProjectsParams,
  ProjectPage,
} from './projects.js';
export {
  deleteProject,
  generateReviewLink,
  getProject,
  iterateProjects,
  listProjects,
  PAGE_LIMIT,
  updateProject,
} from './projects.js';
export type * from './types.js';
export { MAX_IMAGES, type UploadFile, type UploadInput, type UploadSource } from './uploads.js';
export { VERSION } from './version.js';
export {
  type CreateFileVersionInput,
  type CreateVersionParams,
  type CreateWebsiteVersionInput,
  createVersion,
  deleteVersion,
  getVersion,
  iterateVersions,
  listVersions,
} from './versions.js';
export {
  createWebhook,
  deleteWebhook,
  isWebhookEvent,
  iterateWebhooks,
  listWebhooks,
  testWebhook,
  updateWebhook,
  WEBHOOK_EVENTS,
} from './webhook-subscriptions.js';
export {
  DEFAULT_SIGNATURE_HEADER,
  DEFAULT_TIMESTAMP_HEADER,
  DEFAULT_TOLERANCE_SECONDS,
  type ParsedWebhookEvent,
  parseWebhookEvent,
  type SignWebhookOptions,
  signWebhook,
  type VerifyWebhookOptions,
  verifyWebhook,
  type WebhookHeaders,
  type WebhookScheme,
  WebhookVerificationError,
  type WebhookVerificationReason,
} from './webhooks.js';
