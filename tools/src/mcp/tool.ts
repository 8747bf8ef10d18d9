// What one MCP tool is: its name, its description for the agent, its input schema (built from the
// specs), what it does to data (the annotations), and the function that answers it.
import type { AppsScriptClient } from '@specbound/apps-script';
import type { DriveClient } from '@specbound/drive';
import type { BugSmash } from '../bugsmash/types.js';
import type { Answer } from './answer.js';
import type { Specs } from './spec.js';

type Json = { [key: string]: unknown };

/** What a tool does to data: its MCP annotations are derived from this, so they cannot disagree. */
export interface Effect {
  /** Changes nothing (allowed without --allow-writes). */
  readOnly: boolean;
  /** May delete or overwrite data (a deletion, a whole-content replacement, a script run). */
  destructive: boolean;
  /** Calling it twice with the same arguments leaves the same state as once. */
  idempotent: boolean;
}

export const READ: Effect = { readOnly: true, destructive: false, idempotent: true };

interface ToolClients {
  /** The Apps Script client for this call: writes get one that never retries. */
  appsScript(): Promise<AppsScriptClient>;
  bugsmash(): Promise<BugSmash>;
  /** The Drive client (script projects are Drive files). */
  drive(): Promise<DriveClient>;
  /** Script log lines written since `since` (epoch ms) by `functionName`; undefined when no log source is known. */
  scriptLogs(scriptId: string, functionName: string, since: number): Promise<string[] | undefined>;
  /** Registers a secret learnt from an answer (a webhook's signing secret): never shown again. */
  addSecret(secret: string | undefined): void;
}

export interface ToolScope {
  /** `--project`: the only Apps Script project the server may touch. */
  project: string | undefined;
  /** `--bugsmash-project`: the only BugSmash project the server may touch. */
  bugsmashProject: string | undefined;
}

export interface ToolCall {
  args: Json;
  clients: ToolClients;
  scope: ToolScope;
  /** Characters the answer may take (text and structured JSON together). */
  budget: number;
  /**
   * A list kept for a minute under `key` (the tool and its arguments but the page's), so that paging
   * through it fetches it once; any write clears it.
   */
  memo<T>(key: string, load: () => Promise<T>): Promise<T>;
}

export interface ToolDefinition {
  name: string;
  title: string;
  service: 'apps-script' | 'bugsmash';
  description: string;
  effect: Effect;
  /** The input schema's properties and required names, from the spec (narrowed ids become optional). */
  input(specs: Specs, scope: ToolScope): { properties: Record<string, Json>; required?: string[] };
  run(call: ToolCall): Promise<Answer>;
}
