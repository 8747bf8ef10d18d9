import { CredentialsError } from '@specbound/http';
import { describe, expect, it } from 'vitest';
import { describeError } from '../../src/cli/report.js';
import { AuthRequiredError, ToolsError } from '../../src/errors.js';

describe('a token provider failing inside the HTTP runtime (a refresh during a long command)', () => {
  it('refused credentials still exit 4; an unreachable token endpoint exits 1', () => {
    const refused = new CredentialsError('The credentials for GET could not be obtained: Google refused …', {
      cause: Object.assign(new Error('Google refused …'), { name: 'AuthRequiredError' }),
    });
    expect(describeError(refused)).toMatchObject({
      code: 4,
      message: 'Google refused …',
      hint: 'Run `specbound auth status` to see which credentials are used and what is wrong with them.',
    });
    const unreachable = new CredentialsError(
      'The credentials for GET could not be obtained: Could not reach …',
      {
        cause: Object.assign(new Error('Could not reach …'), { name: 'ToolsError' }),
      },
    );
    expect(describeError(unreachable)).toMatchObject({ code: 1 });
    expect(describeError(new AuthRequiredError('x', { hint: 'h' }))).toMatchObject({ code: 4, hint: 'h' });
    expect(describeError(new ToolsError('x'))).toMatchObject({ code: 1 });
  });
});
