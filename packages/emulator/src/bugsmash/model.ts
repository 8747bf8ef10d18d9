// The BugSmash state as the emulator keeps it (and as the state document spells it). Wire names
// (snake_case) are kept where the API uses them; enums and shapes the API shows come from the spec.
import type { components } from '@specbound/bugsmash/schema';

type Schemas = components['schemas'];

export type BsFile = {
  project_file_id: string;
  filename: string;
  extension: string;
  content_type: string;
  file_size: number;
  /** The website URL for website screenshots; null for uploads. */
  link: string | null;
  /** SHA-256 (hex) of the bytes, stored content-addressed outside the state (uploads only). */
  sha256?: string;
  /** Bytes given inline in a state document (base64); moved to the blob store when loaded. */
  data_base64?: string;
};

export type BsVersion = {
  id: string;
  project_id: string;
  version_no: number;
  version_name: string;
  ext_link: string | null;
  status: string;
  upload_status: string;
  approved_by: string | null;
  approved_by_email: string | null;
  short_code: string;
  created_at: string;
  updated_at: string;
  files: BsFile[];
};

type BsTag = Schemas['Tag'];

export type BsReply = {
  id: string;
  /** HTML. */
  comment: string;
  is_private: boolean;
  comment_by_name: string;
  comment_by_email: string;
  created_at: string;
  updated_at: string;
};

export type BsComment = {
  comment_id: string;
  project_id: string;
  version_id: string | null;
  comment_number: number;
  /** HTML. */
  comment: string;
  status: Schemas['CommentStatus'];
  priority: Schemas['CommentPriority'];
  is_private: boolean;
  comment_by_name: string;
  comment_by_email: string;
  assigned_to_name: string | null;
  assigned_to_email: string | null;
  attachment_file_url: string | null;
  audio_file_url: string | null;
  comment_screenshot_file_url: string | null;
  tags: BsTag[];
  comment_metadata?: Schemas['CommentMetadata'];
  location_metadata?: Schemas['LocationMetadata'];
  created_at: string;
  updated_at: string;
  replies: BsReply[];
};

export type BsProject = {
  id: string;
  name: string;
  /** website, pdf, image, video, audio, ppt, email. */
  type: string;
  share_access: Schemas['ShareAccess'];
  anonymous_comments: boolean;
  private_comments: boolean;
  review_language: string;
  folder_id: string | null;
  short_code: string;
  banner: string | null;
  created_at: string;
  updated_at: string;
  users: Schemas['ProjectUser'][];
  /** Next `comment_number` to hand out. */
  next_comment_number: number;
};

export type BsFolder = {
  id: string;
  parent_id: string | null;
  name: string;
  share_access: Schemas['ShareAccess'];
  created_at: string;
  updated_at: string;
};

export type BsWebhook = {
  id: string;
  webhook_url: string;
  events: Schemas['WebhookEvent'][];
  /** Signing secret; shown to the API only when the webhook is created. */
  secret: string;
  created_at: string;
  updated_at: string;
};

export type BugsmashState = {
  workspace: { id: string; owner_name: string; owner_email: string };
  projects: BsProject[];
  versions: BsVersion[];
  comments: BsComment[];
  folders: BsFolder[];
  webhooks: BsWebhook[];
};
