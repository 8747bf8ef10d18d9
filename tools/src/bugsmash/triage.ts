// `comments triage`: one pass over a project's active comments, one at a time. The questions are
// asked through a `TriagePrompter` (the CLI's is @clack/prompts on the terminal), so the loop itself
// is plain code over the client.
import { listComments } from './comments.js';
import type { BugSmash, Comment } from './types.js';
import type { Priority } from './values.js';

export type TriageAction = 'resolve' | 'priority' | 'reply' | 'skip' | 'quit';

export interface TriagePrompter {
  /** Shows the comment; `index` is 0-based. */
  show(comment: Comment, index: number, total: number): void;
  /** The next action; `undefined` when the user cancelled (Ctrl-C, Esc): treated as quit. */
  action(comment: Comment): Promise<TriageAction | undefined>;
  priority(current: string): Promise<Priority | undefined>;
  reply(): Promise<string | undefined>;
  /** Feedback after a change. */
  note(text: string): void;
}

export interface TriageSummary {
  total: number;
  seen: number;
  resolved: string[];
  prioritized: string[];
  replied: string[];
  skipped: string[];
  quit: boolean;
}

export async function triageComments(
  client: BugSmash,
  projectId: string,
  prompter: TriagePrompter,
): Promise<TriageSummary> {
  const comments = await listComments(client, { projectId, status: 'active' });
  comments.sort((a, b) => a.comment_number - b.comment_number);
  const summary: TriageSummary = {
    total: comments.length,
    seen: 0,
    resolved: [],
    prioritized: [],
    replied: [],
    skipped: [],
    quit: false,
  };
  for (const [index, original] of comments.entries()) {
    let comment = original;
    summary.seen++;
    prompter.show(comment, index, comments.length);
    // Setting a priority or replying stays on the comment (it may be resolved next);
    // resolve and skip move on.
    for (;;) {
      const action = await prompter.action(comment);
      if (action === undefined || action === 'quit') {
        summary.quit = true;
        return summary;
      }
      if (action === 'skip') {
        summary.skipped.push(comment.comment_id);
        break;
      }
      if (action === 'resolve') {
        await client.comments.update({ commentId: comment.comment_id, status: 'Resolved' });
        summary.resolved.push(comment.comment_id);
        prompter.note(`#${comment.comment_number} resolved`);
        break;
      }
      if (action === 'priority') {
        const priority = await prompter.priority(comment.priority);
        if (priority === undefined) continue;
        comment = await client.comments.update({ commentId: comment.comment_id, priority });
        summary.prioritized.push(comment.comment_id);
        prompter.note(`#${comment.comment_number} priority ${priority}`);
        continue;
      }
      const text = await prompter.reply();
      if (text === undefined || text.trim() === '') continue;
      await client.replies.create({ commentId: comment.comment_id, text });
      summary.replied.push(comment.comment_id);
      prompter.note(`replied to #${comment.comment_number}`);
    }
  }
  return summary;
}
