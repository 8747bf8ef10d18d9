import { describe, expect, it } from 'vitest';
import { type TriageAction, type TriagePrompter, triageComments } from '../../src/bugsmash/triage.js';
import type { Priority } from '../../src/bugsmash/values.js';
import { clientOver, fakeBugSmash, fakeComment } from './fake-bugsmash.js';

/** A prompter that answers from a script and records what it was shown. */
function scripted(
  answers: (TriageAction | Priority | string | undefined)[],
): TriagePrompter & { shown: number[]; notes: string[] } {
  const queue = [...answers];
  const next = () => queue.shift();
  return {
    shown: [],
    notes: [],
    show(comment) {
      this.shown.push(comment.comment_number);
    },
    action: async () => next() as TriageAction | undefined,
    priority: async () => next() as Priority | undefined,
    reply: async () => next(),
    note(text) {
      this.notes.push(text);
    },
  };
}

describe('triageComments', () => {
  it('goes through active comments in order: priority and reply stay, resolve and skip move on, quit stops', async () => {
    const fake = fakeBugSmash([
      {
        id: 'p1',
        name: 'Site',
        comments: [
          fakeComment(3),
          fakeComment(1),
          fakeComment(2, { status: 'Resolved' }),
          fakeComment(4),
          fakeComment(5),
        ],
      },
    ]);
    const prompter = scripted([
      'priority',
      'P1',
      'reply',
      'On it',
      'resolve',
      'skip',
      'priority',
      undefined,
      'quit',
    ]);
    const summary = await triageComments(clientOver(fake), 'p1', prompter);
    expect(prompter.shown).toEqual([1, 3, 4]);
    expect(summary).toMatchObject({
      total: 4,
      seen: 3,
      resolved: [fakeComment(1).comment_id],
      prioritized: [fakeComment(1).comment_id],
      replied: [fakeComment(1).comment_id],
      skipped: [fakeComment(3).comment_id],
      quit: true,
    });
    const writes = fake.requests.filter((r) => r.method !== 'GET');
    expect(writes).toEqual([
      { method: 'PATCH', path: `/comment/${fakeComment(1).comment_id}`, body: { priority: 'P1' } },
      { method: 'POST', path: '/reply', body: { commentId: fakeComment(1).comment_id, text: 'On it' } },
      { method: 'PATCH', path: `/comment/${fakeComment(1).comment_id}`, body: { status: 'Resolved' } },
    ]);
    expect(fake.requests[0]?.path).toContain('status=active');
  });

  it('a cancelled prompt (Ctrl-C) quits without changing anything', async () => {
    const fake = fakeBugSmash([{ id: 'p1', name: 'Site', comments: [fakeComment(1)] }]);
    const summary = await triageComments(clientOver(fake), 'p1', scripted([undefined]));
    expect(summary.quit).toBe(true);
    expect(fake.requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });
});
