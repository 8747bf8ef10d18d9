// The resources (each service's spec, bundled) and the prompt ("triage this project's open comments").
import type { GetPromptResult, Prompt, Resource } from '@modelcontextprotocol/sdk/types.js';
import { UsageError } from '../errors.js';
import type { Specs } from './spec.js';

const SPEC_RESOURCES = [
  {
    uri: 'specbound://specs/apps-script',
    name: 'apps-script-spec',
    key: 'appsScript',
    title: 'Apps Script API v1 (OpenAPI 3.1)',
  },
  {
    uri: 'specbound://specs/bugsmash',
    name: 'bugsmash-spec',
    key: 'bugsmash',
    title: 'BugSmash REST API v2 (OpenAPI 3.1)',
  },
] as const;

export function listResources(): Resource[] {
  return SPEC_RESOURCES.map(({ uri, name, title }) => ({
    uri,
    name,
    title,
    mimeType: 'application/json',
    description: `${title}: the spec every tool's input schema comes from, bundled into one document.`,
  }));
}

export function readResource(specs: Specs, uri: string) {
  const resource = SPEC_RESOURCES.find((r) => r.uri === uri);
  if (resource === undefined) {
    throw new UsageError(`No resource ${uri}.`, {
      hint: `Read one of ${SPEC_RESOURCES.map((r) => r.uri).join(', ')}.`,
    });
  }
  return { contents: [{ uri, mimeType: 'application/json', text: specs.text[resource.key] }] };
}

export const TRIAGE_PROMPT: Prompt = {
  name: 'triage_comments',
  title: "Triage a project's open comments",
  description: 'Read the active comments of a BugSmash project, set priorities and draft replies.',
  arguments: [
    {
      name: 'projectId',
      description: "The BugSmash project (default: the server's --bugsmash-project).",
      required: false,
    },
  ],
};

export function triagePrompt(
  args: Record<string, string> | undefined,
  bugsmashProject: string | undefined,
  allowWrites: boolean,
): GetPromptResult {
  const projectId = args?.projectId ?? bugsmashProject;
  if (projectId === undefined) {
    throw new UsageError('The prompt needs projectId.', { hint: 'Pass the BugSmash project id.' });
  }
  const act = allowWrites
    ? "3. Set each comment's priority with bs_update_comment (P1 blocks release, P4 cosmetic), resolve the ones already fixed, and reply with bs_reply where the reviewer needs an answer. Ask me before resolving more than five at once."
    : '3. This server is read-only: propose a priority, a status and a reply for each comment in a table, for me to apply.';
  const text = [
    `Triage the open comments of BugSmash project ${projectId}.`,
    `1. List them with bs_list_comments (projectId ${projectId}, status "active"); follow the paging note until none are left.`,
    '2. Read the ones that need context with bs_get_comment (replies included) and group duplicates.',
    act,
    '4. End with a summary: counts by priority, what was changed, what needs a human.',
  ].join('\n');
  return {
    description: TRIAGE_PROMPT.description,
    messages: [{ role: 'user', content: { type: 'text', text } }],
  };
}
