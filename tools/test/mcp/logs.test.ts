// The run tool's log lines against real Google (fakes behind an injected fetch): the run is matched
// through the processes API and Cloud Logging (the server's Cloud project), and answered with its lines.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { createMcpServer, type McpServerOptions } from '../../src/index.js';

const TOKEN = 'ya29.google-token-0123456789';
const DEPLOYMENT = 'AKfycbDeployment0123456789';

/** Apps Script and Cloud Logging behind one fetch; `logged` records the Logging requests' bodies. */
function fakeGoogle(logged: unknown[]) {
  let ranAt = '';
  return async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    if (url.pathname === '/v1/projects/abc/deployments') {
      return Response.json({
        deployments: [
          {
            deploymentId: DEPLOYMENT,
            deploymentConfig: { scriptId: 'abc', versionNumber: 1 },
            updateTime: '2026-11-25T09:00:00Z',
            entryPoints: [{ entryPointType: 'EXECUTION_API' }],
          },
        ],
      });
    }
    if (url.pathname === `/v1/scripts/${DEPLOYMENT}:run`) {
      ranAt = new Date().toISOString();
      return Response.json({ done: true, response: { result: 5 } });
    }
    if (url.pathname === '/v1/processes')
      return Response.json({ processes: [{ functionName: 'main', startTime: ranAt, duration: '0.2s' }] });
    if (url.origin === 'https://logging.test' && url.pathname === '/v2/entries:list') {
      logged.push(await request.json());
      const labels = { 'script.googleapis.com/process_id': 'p1' };
      return Response.json({
        entries: [
          { timestamp: ranAt, severity: 'INFO', labels, textPayload: 'adding' },
          { timestamp: ranAt, severity: 'WARNING', labels, textPayload: `careful with ${TOKEN}` },
        ],
      });
    }
    return Response.json(
      { error: { code: 404, message: 'no such fake', status: 'NOT_FOUND' } },
      { status: 404 },
    );
  };
}

async function runTool(options: McpServerOptions) {
  const server = await createMcpServer(options);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'unit', version: '0' });
  await client.connect(clientSide);
  const result = (await client.callTool({
    name: 'gas_run',
    arguments: { scriptId: 'abc', function: 'main' },
  })) as CallToolResult;
  await client.close();
  const first = result.content[0];
  return { ...result, text: first?.type === 'text' ? first.text : '' };
}

const COMMON = {
  appsScriptUrl: 'https://script.test',
  loggingUrl: 'https://logging.test',
  env: { SPECBOUND_GOOGLE_TOKEN: TOKEN, HOME: '/nonexistent' },
  allowWrites: true,
  cwd: '/nonexistent',
};

describe('gas_run against Google', () => {
  it("answers the run's own lines from Cloud Logging of the server's Cloud project, redacted", async () => {
    const logged: unknown[] = [];
    const result = await runTool({ ...COMMON, gcpProjectId: 'my-project', fetch: fakeGoogle(logged) });
    expect(result.isError).toBeUndefined();
    expect(result.text).toContain('main returned 5');
    expect(result.text).toContain('Log:\nINFO adding\nWARNING careful with');
    expect(result.text).not.toContain(TOKEN);
    expect(result.structuredContent).toMatchObject({
      logs: ['INFO adding', expect.stringMatching(/^WARNING/)],
    });
    expect(logged[0]).toMatchObject({ resourceNames: ['projects/my-project'] });
  });

  it('answers no log lines (and asks Cloud Logging nothing) without a Cloud project', async () => {
    const logged: unknown[] = [];
    const result = await runTool({ ...COMMON, fetch: fakeGoogle(logged) });
    expect(result.text).toContain('main returned 5');
    expect(result.text).not.toContain('Log:');
    expect(logged).toEqual([]);
  });
});
