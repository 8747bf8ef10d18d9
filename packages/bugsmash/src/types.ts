import type { components, operations, webhooks } from './generated/schema.js';

// Aliases of generated types only: nothing here re-declares a shape the spec describes.

type Schemas = components['schemas'];

/** The JSON body of an operation's 200 answer. */
export type SuccessBody<Op extends keyof operations> = operations[Op] extends {
  responses: { 200: { content: { 'application/json': infer Body } } };
}
  ? Body
  : never;

/** The query parameters an operation takes. */
export type QueryOf<Op extends keyof operations> = NonNullable<operations[Op]['parameters']['query']>;

/** An operation's JSON request body. */
export type JsonBodyOf<Op extends keyof operations> = operations[Op] extends {
  requestBody: { content: { 'application/json': infer Body } };
}
  ? Body
  : never;

/** An operation's multipart request body (file fields typed as the spec's binary strings). */
export type MultipartBodyOf<Op extends keyof operations> = operations[Op] extends {
  requestBody: { content: { 'multipart/form-data': infer Body } };
}
  ? Body
  : never;

export type Project = Schemas['Project'];
export type ProjectListItem = Schemas['ProjectListItem'];
export type ProjectType = Schemas['ProjectType'];
export type ReviewLinkProject = Schemas['ReviewLinkProject'];
export type Version = Schemas['Version'];
export type VersionSummary = Schemas['VersionSummary'];
export type Folder = Schemas['Folder'];
export type FolderDetails = Schemas['FolderDetails'];
export type Comment = Schemas['Comment'];
export type CommentWithReplies = Schemas['CommentWithReplies'];
export type Reply = Schemas['Reply'];
export type Tag = Schemas['Tag'];
export type Webhook = Schemas['Webhook'];
export type WebhookEventName = Schemas['WebhookEvent'];
export type WebsiteLocationMetadata = Schemas['WebsiteLocationMetadata'];

/** The delivery body of one webhook event, as the spec's `webhooks` section describes it. */
export type WebhookPayload<E extends WebhookEventName> = webhooks[E]['post'] extends {
  requestBody: { content: { 'application/json': infer Body } };
}
  ? Body
  : never;
