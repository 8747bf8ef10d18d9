// The BugSmash state as the emulator keeps it (and as the state document spells it). Wire names
// (snake_case) are kept where the API uses them.

export interface BsFile {
  project_file_id: string;
  filename: string;
  extension: string;
  content_type: string;
  file_size: number;
  /** The website URL for website screenshots; null for uploads. */
  link: string | null;
  /** The bytes, base64 encoded (uploads only; websites have none). */
  data_base64?: string;
}

export interface BsVersion {
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
}

export interface BsTag {
  id: string;
  name: string;
  color?: string;
}

export interface BsReply {
  id: string;
  /** HTML. */
  comment: string;
  is_private: boolean;
  comment_by_name: string;
  comment_by_email: string;
  created_at: string;
  updated_at: string;
}

export interface BsComment {
  comment_id: string;
  project_id: string;
  version_id: string | null;
  comment_number: number;
  /** HTML. */
  comment: string;
  status: 'Active' | 'Resolved';
  priority: 'Unset' | 'P1' | 'P2' | 'P3' | 'P4';
  is_private: boolean;
  comment_by_name: string;
  comment_by_email: string;
  assigned_to_name: string | null;
  assigned_to_email: string | null;
  attachment_file_url: string | null;
  audio_file_url: string | null;
  comment_screenshot_file_url: string | null;
  tags: BsTag[];
  comment_metadata?: Record<string, unknown> | null;
  location_metadata?: Record<string, unknown> | null;
  created_at: string;
  updated_at: string;
  replies: BsReply[];
}

export interface BsProject {
  id: string;
  name: string;
  /** website, pdf, image, video, audio, ppt, email. */
  type: string;
  share_access: 'public' | 'private';
  anonymous_comments: boolean;
  private_comments: boolean;
  review_language: string;
  folder_id: string | null;
  short_code: string;
  banner: string | null;
  created_at: string;
  updated_at: string;
  users: Record<string, unknown>[];
  /** Next `comment_number` to hand out. */
  next_comment_number: number;
}

export interface BsFolder {
  id: string;
  parent_id: string | null;
  name: string;
  share_access: 'public' | 'private';
  created_at: string;
  updated_at: string;
}

export interface BsWebhook {
  id: string;
  webhook_url: string;
  events: string[];
  /** Signing secret; shown to the API only when the webhook is created. */
  secret: string;
  created_at: string;
  updated_at: string;
}

export interface BugsmashState {
  workspace: { id: string; owner_name: string; owner_email: string };
  projects: BsProject[];
  versions: BsVersion[];
  comments: BsComment[];
  folders: BsFolder[];
  webhooks: BsWebhook[];
}
