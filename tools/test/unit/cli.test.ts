// The CLI's own pieces, without a subprocess: output modes, colour rules, redaction, errors → exit codes.
import { AuthenticationError, NotFoundError } from '@specbound/http';
import { describe, expect, it } from 'vitest';
import { chart } from '../../src/cli/commands/apps-script/metrics.js';
import { findGroup } from '../../src/cli/groups.js';
import { Io, useColor } from '../../src/cli/output.js';
import { describeError } from '../../src/cli/report.js';
import { AuthRequiredError, ToolsError, UsageError } from '../../src/index.js';

function stream(isTTY: boolean) {
  const chunks: string[] = [];
  return { isTTY, write: (chunk: string) => chunks.push(chunk), text: () => chunks.join('') };
}

function io(options: { tty?: boolean; json?: boolean; env?: Record<string, string> } = {}) {
  const stdout = stream(options.tty ?? false);
  const stderr = stream(options.tty ?? false);
  return {
    io: new Io({ stdout, stderr, env: options.env ?? {}, json: options.json ?? false }),
    stdout,
    stderr,
  };
}

const rows = [
  { id: 'a', n: 1 },
  { id: 'bb\tx', n: 22 },
];
const columns = [
  { header: 'id', value: (r: (typeof rows)[number]) => r.id },
  { header: 'count', value: (r: (typeof rows)[number]) => r.n, align: 'right' as const },
];

describe('Io', () => {
  it('a table on a TTY, tab-separated when piped, the rows with --json', () => {
    const tty = io({ tty: true, env: { NO_COLOR: '1' } });
    tty.io.table(rows, columns);
    expect(tty.stdout.text()).toBe('ID    COUNT\na         1\nbb x     22\n');
    const piped = io();
    piped.io.table(rows, columns);
    expect(piped.stdout.text()).toBe('a\t1\nbb x\t22\n');
    const json = io({ json: true });
    json.io.table(rows, columns);
    json.io.line('not on stdout with --json');
    expect(JSON.parse(json.stdout.text())).toEqual(rows);
  });

  it('colour follows NO_COLOR, FORCE_COLOR and the TTY', () => {
    expect(useColor({ isTTY: true, write: () => {} }, {})).toBe(true);
    expect(useColor({ isTTY: true, write: () => {} }, { NO_COLOR: '1' })).toBe(false);
    expect(useColor({ isTTY: false, write: () => {} }, { FORCE_COLOR: '1' })).toBe(true);
    expect(useColor({ isTTY: true, write: () => {} }, { FORCE_COLOR: '0' })).toBe(false);
    expect(useColor({ isTTY: false, write: () => {} }, {})).toBe(false);
    const coloured = io({ tty: true });
    coloured.io.line(coloured.io.style('red', 'x'));
    expect(coloured.stdout.text()).toBe('\u001b[31mx\u001b[39m\n');
    expect(io({ tty: true, env: { NO_COLOR: '1' } }).io.style('red', 'x')).toBe('x');
  });

  it('registered secrets never reach a stream', () => {
    const { io: out, stdout, stderr } = io();
    out.addSecret('ya29.secret-token-value');
    out.line('token=ya29.secret-token-value');
    out.progress('Bearer ya29.secret-token-value');
    out.jsonLine({ t: 'ya29.secret-token-value' });
    expect(stdout.text() + stderr.text()).not.toContain('ya29.secret-token-value');
    expect(stdout.text()).toContain('token=[REDACTED]');
  });

  it('a secret is redacted in its percent-encoded spellings too, and a longer one first', () => {
    const { io: out, stdout } = io();
    out.addSecret('key with/slash+plus');
    out.addSecret('key with/slash+plus-and-more');
    out.line(`url=?k=${encodeURIComponent('key with/slash+plus')}&j=key+with%2Fslash%2Bplus`);
    out.line('both: key with/slash+plus-and-more');
    expect(stdout.text()).toBe('url=?k=[REDACTED]&j=[REDACTED]\nboth: [REDACTED]\n');
  });

  it('the metrics chart draws one bar per period, failures in red', () => {
    const { io: out, stdout } = io({ tty: true, env: { FORCE_COLOR: '1' } });
    chart(out, {
      scriptId: 'S',
      granularity: 'DAILY',
      deploymentId: undefined,
      periods: [
        {
          startTime: '2026-11-01T00:00:00Z',
          endTime: undefined,
          activeUsers: 1,
          executions: 10,
          failures: 5,
        },
        { startTime: '2026-11-02T00:00:00Z', endTime: undefined, activeUsers: 2, executions: 2, failures: 0 },
      ],
    });
    const lines = stdout.text().trim().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`\u001b[31m${'█'.repeat(20)}\u001b[39m\u001b[32m${'█'.repeat(20)}`);
    expect(lines[2]).toContain(`\u001b[32m${'█'.repeat(8)}\u001b[39m`);
  });
});

describe('errors → exit codes', () => {
  const request = { method: 'GET', url: 'https://script.test/v1/x' };
  it('maps each kind of error to its exit code and a hint', () => {
    expect(describeError(new UsageError('bad', { hint: 'do this' }))).toMatchObject({
      code: 2,
      hint: 'do this',
    });
    expect(describeError(new AuthRequiredError('no token'))).toMatchObject({ code: 4 });
    expect(describeError(new ToolsError('failed'))).toMatchObject({ code: 1 });
    expect(describeError(new Error('boom'))).toMatchObject({ code: 1, message: 'boom' });
    const base = { headers: new Headers(), body: undefined, requestId: undefined, request, message: 'x' };
    expect(describeError(new AuthenticationError({ ...base, status: 401 }))).toMatchObject({ code: 4 });
    expect(describeError(new NotFoundError({ ...base, status: 404 }))).toMatchObject({
      code: 1,
      hint: expect.stringContaining('Check the id'),
    });
  });
});

describe('findGroup', () => {
  const values = new Set(['--apps-script-url']);
  it('finds the group named first, skipping global options and their values', () => {
    expect(findGroup(['--json', '--apps-script-url', 'http://x', 'gas', 'push'], values)?.name).toBe(
      'apps-script',
    );
    expect(findGroup(['help', 'apps-script'], values)?.name).toBe('apps-script');
    expect(findGroup(['--help'], values)).toBeUndefined();
    expect(findGroup(['nope'], values)).toBeUndefined();
  });
});

describe('a refused refresh in the middle of a command', () => {
  it('is still exit 4 when the HTTP runtime wrapped it', async () => {
    const { CredentialsError } = await import('@specbound/http');
    const cause = new Error('The refresh token was refused (invalid_grant).');
    Object.defineProperty(cause, 'name', { value: 'AuthRequiredError' });
    const wrapped = new CredentialsError('The credentials for GET could not be obtained: …', {
      request: { method: 'GET', url: 'https://script.test/v1/x' },
      cause,
    } as ConstructorParameters<typeof CredentialsError>[1]);
    expect(describeError(wrapped)).toMatchObject({
      code: 4,
      message: 'The refresh token was refused (invalid_grant).',
      hint: expect.stringContaining('specbound auth status'),
    });
  });
});
