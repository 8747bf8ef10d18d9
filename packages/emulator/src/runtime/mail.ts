// MailApp/GmailApp.sendEmail on the host: messages are captured into an outbox (GET /__emulator/outbox),
// never sent. In memory only, the most recent MAX_OUTBOX kept; a reset (any replaced state) empties it.
// Google's daily quota (100 recipients a day per user) is counted in emulator time.
import type { AppsScriptBackend } from '../apps-script/backend.ts';

const MAX_OUTBOX = 1000;
const DAILY_RECIPIENTS = 100;
const DAY_MS = 86_400_000;
const ADDRESS = /^[^\s@,<>]+@[^\s@,<>]+$/;

export interface OutboxMessage {
  at: string;
  scriptId: string;
  from: string;
  to: string[];
  cc: string[];
  bcc: string[];
  subject: string;
  body: string;
  htmlBody?: string;
  name?: string;
  replyTo?: string;
}

interface Outbox {
  generation: number;
  messages: OutboxMessage[];
}

const outboxes = new WeakMap<AppsScriptBackend, Outbox>();

export function outboxOf(b: AppsScriptBackend): OutboxMessage[] {
  let box = outboxes.get(b);
  if (box === undefined || box.generation !== b.generation) {
    box = { generation: b.generation, messages: [] };
    outboxes.set(b, box);
  }
  return box.messages;
}

function addresses(value: unknown): string[] {
  if (value === undefined || value === null || value === '') return [];
  const list = String(value)
    .split(',')
    .map((a) => a.trim())
    .filter((a) => a !== '');
  for (const address of list) if (!ADDRESS.test(address)) throw new Error(`Invalid email: ${address}`);
  return list;
}

function sentToday(messages: readonly OutboxMessage[], from: string, now: number): number {
  return messages
    .filter((m) => m.from === from && Date.parse(m.at) > now - DAY_MS)
    .reduce((n, m) => n + m.to.length + m.cc.length + m.bcc.length, 0);
}

/** Answers one MailApp/GmailApp call of a run of `scriptId` by `from`, at emulator time `now`. */
export function mailCall(
  b: AppsScriptBackend,
  scriptId: string,
  from: string,
  method: string,
  args: unknown[],
  now: number,
): unknown {
  const messages = outboxOf(b);
  if (method === 'quota') return Math.max(0, DAILY_RECIPIENTS - sentToday(messages, from, now));
  if (method !== 'send') throw new Error(`MailApp.${method} is not implemented in the emulator.`);
  const m = (args[0] ?? {}) as Record<string, unknown>;
  const to = addresses(m.to);
  if (to.length === 0) throw new Error('Failed to send email: no recipient');
  const message: OutboxMessage = {
    at: new Date(now).toISOString(),
    scriptId,
    from,
    to,
    cc: addresses(m.cc),
    bcc: addresses(m.bcc),
    subject: String(m.subject ?? ''),
    body: String(m.body ?? ''),
  };
  if (typeof m.htmlBody === 'string') message.htmlBody = m.htmlBody;
  if (typeof m.name === 'string') message.name = m.name;
  if (typeof m.replyTo === 'string') message.replyTo = addresses(m.replyTo)[0] ?? m.replyTo;
  const count = message.to.length + message.cc.length + message.bcc.length;
  if (sentToday(messages, from, now) + count > DAILY_RECIPIENTS)
    throw new Error('Service invoked too many times for one day: email.');
  messages.push(message);
  if (messages.length > MAX_OUTBOX) messages.splice(0, messages.length - MAX_OUTBOX);
  return null;
}
