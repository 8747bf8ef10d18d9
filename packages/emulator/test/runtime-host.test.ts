// A run's host calls arrive on the sandbox channel's port, outside the async context of the request
// that started the run; the writes they make must still count for that request, so a save that
// fails while the run goes on is reported to it (the run is not acknowledged as kept).
import { describe, expect, it } from 'vitest';
import { AppsScriptBackend } from '../src/apps-script/backend.ts';
import type { AsProject } from '../src/apps-script/model.ts';
import { runHost } from '../src/runtime/host.ts';
import type { HostHandler } from '../src/sandbox/types.ts';

const project: AsProject = {
  scriptId: 'script-1',
  title: 'Host',
  createTime: '2026-01-01T00:00:00Z',
  updateTime: '2026-01-01T00:00:00Z',
  creator: 'ada@example.com',
  lastModifyUser: 'ada@example.com',
  files: [],
  versions: [],
  deployments: [],
};

describe("a run's host calls", () => {
  it('count their writes for the request that started the run, wherever they are answered', async () => {
    const b = new AppsScriptBackend({ pool: undefined as never, runTimeoutMs: 1, runMemoryBytes: 1 });
    const { changes } = b;
    let handler: HostHandler | undefined;
    let answered: () => void = () => undefined;
    const called = new Promise<void>((resolve) => {
      answered = resolve;
    });
    // The request: starts the run, then waits while the run's host call is answered elsewhere.
    const lost = changes.inRequest(async () => {
      handler = runHost(b, project, 'ada@example.com').handler;
      await called;
      return changes.lostHere();
    });
    changes.committed();
    // Answered outside the request (as the pool answers the port), in a request of its own.
    changes.inRequest(() =>
      handler?.({ id: 1, service: 'PropertiesService', method: 'set', args: ['script', { n: '1' }] }),
    );
    // The save that would have kept it fails.
    changes.undone();
    answered();
    expect(await lost).toBe(true);
  });
});
