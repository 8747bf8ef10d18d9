import { CredentialsError } from '@specbound/http';
import { describe, expect, it } from 'vitest';
import { describeError } from '../../src/cli/report.js';
import { AuthRequiredError, ToolsError } from '../../src/errors.js';

describe('a token provider failing inside the HTTP runtime (a refresh during a long command)', () => {
  it('refused credentials still exit 4; an unreachable token endpoint exits 1; both say what to do', () => {
    const refused = new CredentialsError('The credentials for GET could not be obtained: Google refused …', {
      cause: Object.assign(new Error('Google refused …'), { name: 'AuthRequiredError' }),
    });
    expect(describeError(refused)).toMatchObject({
      code: 4,
      hint: 'Run `specbound auth status` to check the Google credentials, then log in again if needed.',
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
