// The BugSmash shapes the workflows use: aliases of the client's generated types only.
import type { BugSmashClient, Comment, Reply } from '@specbound/bugsmash';

export type BugSmash = BugSmashClient;
export type { Comment };

/** A comment as the export writes it: the project it belongs to, the comment, its replies. */
export interface ExportedComment {
  project_id: string;
  project_name: string;
  comment: Comment;
  replies: Reply[];
}
