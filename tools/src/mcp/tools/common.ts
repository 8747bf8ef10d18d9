// Argument helpers shared by the tool sets: typed reads of the (already validated) arguments, the
// --project / --bugsmash-project narrowing, and the confirmation rule.
import { UsageError } from '../../errors.js';
import type { ToolCall, ToolScope } from '../tool.js';

type Json = { [key: string]: unknown };

export function str(args: Json, name: string): string | undefined {
  const value = args[name];
  return typeof value === 'string' ? value : undefined;
}

export function num(args: Json, name: string): number | undefined {
  const value = args[name];
  return typeof value === 'number' ? value : undefined;
}

export function requireStr(args: Json, name: string): string {
  const value = str(args, name);
  if (value === undefined || value.trim() === '') {
    throw new UsageError(`The argument ${name} is required.`, { hint: `Pass ${name}.` });
  }
  return value;
}

/** The narrowed id (or the one given): refuses any other project than the server's. */
function scoped(given: string | undefined, only: string | undefined, name: string, flag: string): string {
  if (only !== undefined && given !== undefined && given !== only) {
    throw new UsageError(`This server is limited to ${name} ${only} (${flag}); ${given} is out of bounds.`, {
      hint: `Use ${only}, or ask the user to start another server for ${given}.`,
    });
  }
  const id = given ?? only;
  if (id === undefined || id.trim() === '') {
    throw new UsageError(`The argument ${name} is required.`, { hint: `Pass ${name}.` });
  }
  return id;
}

export function scriptIdOf(call: ToolCall): string {
  return scoped(str(call.args, 'scriptId'), call.scope.project, 'scriptId', '--project');
}

export function bugsmashProjectOf(call: ToolCall): string {
  return scoped(str(call.args, 'projectId'), call.scope.bugsmashProject, 'projectId', '--bugsmash-project');
}

/** A tool that reaches beyond one project (a new project, a workspace-wide webhook) is refused on a narrowed server. */
export function refuseWhenNarrowed(
  scope: ToolScope,
  service: 'apps-script' | 'bugsmash',
  what: string,
): void {
  const only = service === 'apps-script' ? scope.project : scope.bugsmashProject;
  if (only !== undefined) {
    throw new UsageError(`This server is limited to project ${only}, and ${what} reaches beyond it.`, {
      hint: 'Ask the user to start a server without the project narrowing for this.',
    });
  }
}

/** Deletions and whole-content replacements need `confirm: true` in the call itself. */
export function requireConfirm(call: ToolCall, what: string): void {
  if (call.args.confirm !== true) {
    throw new UsageError(`${what} needs confirm: true in the call.`, {
      hint: 'Ask the user first; call again with confirm: true only once they have agreed.',
    });
  }
}

export const OFFSET = {
  type: 'integer',
  minimum: 0,
  description:
    'Index of the first item to return (0 for the start; an answer that is cut says which offset comes next).',
} as const;

export const LIMIT = {
  type: 'integer',
  minimum: 1,
  maximum: 500,
  description: 'At most this many items (default 50); an answer also stops at its size budget.',
} as const;

/** `required` for an id the server's narrowing can fill in. */
export function requiredUnless(name: string, narrowed: string | undefined): string[] {
  return narrowed === undefined ? [name] : [];
}
