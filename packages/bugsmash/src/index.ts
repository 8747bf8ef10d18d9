export {
  AbortError,
  ApiError,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  ConnectionError,
  InternalServerError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  SpecboundError,
  TimeoutError,
  UnprocessableEntityError,
  ValidationError,
} from '@specbound/http';
export {
  type BugSmashClient,
  type BugSmashClientOptions,
  createBugSmashClient,
  DEFAULT_BASE_URL,
} from './client.js';
export type { CommentList, ListCommentsQuery } from './comments.js';
export type { CallOptions } from './context.js';
export type { components, operations, paths, webhooks } from './generated/schema.js';
export type {
  CreateFileProjectInput,
  CreateMultiImageProjectInput,
  CreateProjectInput,
  CreateWebsiteProjectInput,
  ListProjectsQuery,
  ProjectPage,
} from './projects.js';
export { PAGE_LIMIT } from './projects.js';
export type * from './types.js';
export { MAX_IMAGES, type UploadFile, type UploadInput, type UploadSource } from './uploads.js';
export { VERSION } from './version.js';
export type { CreateFileVersionInput, CreateWebsiteVersionInput, UploadVersionInput } from './versions.js';
export { isWebhookEvent, WEBHOOK_EVENTS } from './webhook-subscriptions.js';
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
