// The BugSmash spec's enums as the CLI, the MCP server and the workflows take them: the client's
// generated value lists (openapi-typescript --enum-values) and types, never retyped. Loading this
// module loads only those lists, not a workflow.
import {
  commentPriorityValues,
  commentStatusValues,
  type components,
  projectTypeValues,
  shareAccessValues,
  webhookEventValues,
} from '@specbound/bugsmash/schema';

type Schemas = components['schemas'];

export type Priority = Schemas['CommentPriority'];
export type CommentStatus = Schemas['CommentStatus'];
/** A status filter of `GET /comments`: a comment status in lower case (`active`). */
export type StatusFilter = Lowercase<CommentStatus>;
/** The project types made from one uploaded file. */
export type FileProjectType = Schemas['CreateFileProjectRequest']['projectType'];

export const PRIORITIES: readonly Priority[] = commentPriorityValues;
export const STATUS_FILTERS: readonly StatusFilter[] = commentStatusValues.map(
  (status) => status.toLowerCase() as StatusFilter,
);
export const WEBHOOK_EVENTS = webhookEventValues;
export const PROJECT_TYPES = projectTypeValues;
export const SHARE_ACCESS = shareAccessValues;
