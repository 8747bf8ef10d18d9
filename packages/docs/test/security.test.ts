import { describe, expect, it } from 'vitest';
import type { OperationRef } from '../src/operations.ts';
import { shortScope, summarizeScopes } from '../src/security.ts';

const ref = (operation: OperationRef['operation']): OperationRef => ({
  operationId: 'runScriptFunction',
  summary: 'Run',
  method: 'post',
  path: '/v1/scripts/{scriptId}:run',
  webhook: false,
  operation,
});

describe('summarizeScopes', () => {
  it('turns a wall of OAuth alternatives into one requirement and a short note naming each scope', () => {
    const scopes = ['drive', 'documents', 'spreadsheets', 'forms'].map(
      (s) => `https://www.googleapis.com/auth/${s}`,
    );
    const operation = {
      description: 'Runs a function.',
      security: [
        ...scopes.map((s) => ({ Oauth2: [s] })),
        { Oauth2: ['https://mail.google.com/'] },
        { ApiKey: [] },
      ],
    };
    summarizeScopes([ref(operation)]);
    expect(operation.security).toEqual([{ Oauth2: [] }, { ApiKey: [] }]);
    expect(operation.description).toBe(
      'Runs a function.\n\n**Scopes.** The token needs every scope the script itself uses; any one of these 5 is accepted for the call: `drive`, `documents`, `spreadsheets`, `forms`, `mail.google.com`.\n',
    );
  });

  it('leaves short lists alone', () => {
    const operation = { security: [{ Oauth2: ['https://www.googleapis.com/auth/script.projects'] }] };
    summarizeScopes([ref(operation)]);
    expect(operation.security).toEqual([{ Oauth2: ['https://www.googleapis.com/auth/script.projects'] }]);
  });

  it('shortens Google scope URLs and keeps others recognisable', () => {
    expect(shortScope('https://www.googleapis.com/auth/script.processes')).toBe('script.processes');
    expect(shortScope('https://www.google.com/calendar/feeds')).toBe('www.google.com/calendar/feeds');
  });
});
