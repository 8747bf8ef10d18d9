// `specbound bugsmash …` (alias `bs`): flags and descriptions only; each action imports its verb.
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { UsageError } from '../../../errors.js';
import { contextOf } from '../../context.js';
import { parsePort, parsePositiveInt, parseSince } from '../../parse.js';

// Small parsers kept here (not imported from the library) so registering loads no workflow code.
const PRIORITIES = ['Unset', 'P1', 'P2', 'P3', 'P4'] as const;
const EVENTS = ['new_comment', 'comment_replied', 'status_changed', 'comment_updated'] as const;
const PROJECT_TYPES = ['website', 'image', 'pdf', 'video', 'audio', 'ppt', 'email'] as const;
const FORMATS = ['csv', 'json', 'ndjson', 'md'] as const;

function oneOf<T extends string>(flag: string, values: readonly T[], fold = true) {
  return (value: string): T => {
    const match = values.find((v) => (fold ? v.toLowerCase() === value.toLowerCase() : v === value));
    if (match === undefined) {
      throw new UsageError(`${flag}: "${value}" is not one of ${values.join(', ')}.`, {
        hint: `Pass ${flag} ${values[0]}, for example.`,
      });
    }
    return match;
  };
}

function events(value: string, previous: string[] | undefined): (typeof EVENTS)[number][] {
  const parse = oneOf('--events', EVENTS, false);
  const list = value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean)
    .map(parse);
  return [...new Set([...(previous ?? []), ...list])] as (typeof EVENTS)[number][];
}

function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}

const ctxOf = contextOf;

export function register(program: CommandUnknownOpts): void {
  const bs = program
    .command('bugsmash')
    .alias('bs')
    .description('BugSmash review feedback: projects, versions, comments (export, triage), folders, webhooks')
    .option('--api-key-file <file>', 'read the API key from FILE (default: env BUGSMASH_API_KEY)');

  const projects = bs.command('projects').description('projects of the workspace');
  projects
    .command('ls')
    .description('list projects (the first 50; --all for every one)')
    .option('--type <type>', PROJECT_TYPES.join('|'), oneOf('--type', PROJECT_TYPES))
    .option('--all', 'every page')
    .action(async (_options, command) => {
      const { projectsLs } = await import('./projects.js');
      await projectsLs(ctxOf(command), command.optsWithGlobals());
    });
  projects
    .command('get')
    .argument('<projectId>')
    .description('a project with its versions')
    .action(async (projectId, _options, command) => {
      const { projectsGet } = await import('./projects.js');
      await projectsGet(ctxOf(command), projectId, command.optsWithGlobals());
    });
  projects
    .command('create')
    .description('create a project from a website URL or a file (pdf, image, video, audio)')
    .requiredOption('--name <name>', 'project name')
    .option('--url <url>', 'website to review')
    .option('--file <file>', 'file to review (type from its extension)')
    .action(async (_options, command) => {
      const { projectsCreate } = await import('./projects.js');
      await projectsCreate(ctxOf(command), command.optsWithGlobals());
    });
  projects
    .command('rm')
    .argument('<projectId>')
    .description('delete a project with its versions and comments')
    .action(async (projectId, _options, command) => {
      const { projectsRm } = await import('./projects.js');
      await projectsRm(ctxOf(command), projectId, command.optsWithGlobals());
    });

  bs.command('review-link')
    .argument('<projectId>')
    .description("print the review link of the project's latest version")
    .action(async (projectId, _options, command) => {
      const { reviewLinkCommand } = await import('./projects.js');
      await reviewLinkCommand(ctxOf(command), projectId, command.optsWithGlobals());
    });

  const versions = bs.command('versions').description('versions of a project');
  versions
    .command('upload')
    .argument('<projectId>')
    .argument('<file>')
    .description('upload a file as a new version (progress on stderr for large files)')
    .action(async (projectId, file, _options, command) => {
      const { versionsUpload } = await import('./versions.js');
      await versionsUpload(ctxOf(command), projectId, file, command.optsWithGlobals());
    });
  versions
    .command('ls')
    .argument('<projectId>')
    .description("list a project's versions")
    .action(async (projectId, _options, command) => {
      const { versionsLs } = await import('./versions.js');
      await versionsLs(ctxOf(command), projectId, command.optsWithGlobals());
    });

  const comments = bs.command('comments').description('review comments');
  comments
    .command('ls')
    .argument('<projectId>')
    .description('list comments (active ones unless --all or --status)')
    .option('--status <status>', 'active|resolved', oneOf('--status', ['active', 'resolved'] as const))
    .option('--priority <priority>', PRIORITIES.join('|'), oneOf('--priority', PRIORITIES))
    .option('--all', 'every comment, active and resolved')
    .action(async (projectId, _options, command) => {
      const { commentsLs } = await import('./comments.js');
      await commentsLs(ctxOf(command), projectId, command.optsWithGlobals());
    });
  comments
    .command('get')
    .argument('<commentId>')
    .description('a comment with its replies')
    .action(async (commentId, _options, command) => {
      const { commentsGet } = await import('./comments.js');
      await commentsGet(ctxOf(command), commentId, command.optsWithGlobals());
    });
  comments
    .command('resolve')
    .argument('<commentId...>')
    .description('resolve comments')
    .action(async (ids, _options, command) => {
      const { commentsSetStatus } = await import('./comments.js');
      await commentsSetStatus(ctxOf(command), ids, 'Resolved', command.optsWithGlobals());
    });
  comments
    .command('reopen')
    .argument('<commentId...>')
    .description('reopen resolved comments')
    .action(async (ids, _options, command) => {
      const { commentsSetStatus } = await import('./comments.js');
      await commentsSetStatus(ctxOf(command), ids, 'Active', command.optsWithGlobals());
    });
  comments
    .command('set')
    .argument('<commentId>')
    .description("change a comment's priority, privacy or text")
    .option('--priority <priority>', PRIORITIES.join('|'), oneOf('--priority', PRIORITIES))
    .option('--private', 'visible to the workspace only')
    .option('--public', 'visible to reviewers')
    .option('--text <text>', 'new text')
    .action(async (commentId, _options, command) => {
      const { commentsSet } = await import('./comments.js');
      await commentsSet(ctxOf(command), commentId, command.optsWithGlobals());
    });
  comments
    .command('export')
    .argument('[projectId...]')
    .description('stream every comment with its replies as csv, json, ndjson or md')
    .requiredOption('--format <format>', FORMATS.join('|'), oneOf('--format', FORMATS))
    .option('--all-projects', 'every project of the workspace')
    .option('--status <status>', 'active|resolved', oneOf('--status', ['active', 'resolved'] as const))
    .option('--since <iso>', 'only comments updated since this date', parseSince)
    .option('--out <file>', 'write to FILE (atomically) instead of stdout')
    .option('--concurrency <n>', 'reply fetches in flight', parsePositiveInt('--concurrency'), 8)
    .action(async (projectIds, _options, command) => {
      const { commentsExport } = await import('./export.js');
      await commentsExport(ctxOf(command), projectIds, command.optsWithGlobals());
    });
  comments
    .command('triage')
    .argument('<projectId>')
    .description('go through active comments one at a time: resolve, set priority, reply, skip, quit')
    .action(async (projectId, _options, command) => {
      const { commentsTriage } = await import('./triage.js');
      await commentsTriage(ctxOf(command), projectId, command.optsWithGlobals());
    });

  bs.command('reply')
    .argument('<commentId>')
    .argument('<text>')
    .description('reply to a comment')
    .option('--private', 'visible to the workspace only')
    .action(async (commentId, text, _options, command) => {
      const { reply } = await import('./comments.js');
      await reply(ctxOf(command), commentId, text, command.optsWithGlobals());
    });

  const folders = bs.command('folders').description('folders of projects');
  folders
    .command('ls')
    .description('list folders')
    .action(async (_options, command) => {
      const { foldersLs } = await import('./folders.js');
      await foldersLs(ctxOf(command), command.optsWithGlobals());
    });
  folders
    .command('get')
    .argument('<folderId>')
    .description('a folder with its projects')
    .action(async (folderId, _options, command) => {
      const { foldersGet } = await import('./folders.js');
      await foldersGet(ctxOf(command), folderId, command.optsWithGlobals());
    });
  folders
    .command('create')
    .description('create a folder')
    .requiredOption('--name <name>', 'folder name')
    .option('--parent <folderId>', 'parent folder')
    .option('--project <projectId>', 'a project to put in it (repeatable)', collect)
    .action(async (_options, command) => {
      const { foldersCreate } = await import('./folders.js');
      await foldersCreate(ctxOf(command), command.optsWithGlobals());
    });
  folders
    .command('update')
    .argument('<folderId>')
    .description('rename a folder, change its access, add or remove projects')
    .option('--name <name>', 'new name')
    .option('--access <access>', 'private|public', oneOf('--access', ['private', 'public'] as const))
    .option('--add <projectId>', 'add a project (repeatable)', collect)
    .option('--remove <projectId>', 'remove a project (repeatable)', collect)
    .action(async (folderId, _options, command) => {
      const { foldersUpdate } = await import('./folders.js');
      await foldersUpdate(ctxOf(command), folderId, command.optsWithGlobals());
    });
  folders
    .command('rm')
    .argument('<folderId>')
    .description('delete a folder')
    .action(async (folderId, _options, command) => {
      const { foldersRm } = await import('./folders.js');
      await foldersRm(ctxOf(command), folderId, command.optsWithGlobals());
    });

  const webhooks = bs.command('webhooks').description('webhook subscriptions and a local receiver');
  webhooks
    .command('create')
    .description('subscribe a URL to events; the signing secret is shown once (or written to --secret-out)')
    .requiredOption('--url <url>', 'where deliveries go')
    .option('--events <events>', `comma-separated (default all: ${EVENTS.join(',')})`, events)
    .option(
      '--secret-out <file>',
      'write the signing secret to a new file (mode 0600) instead of printing it',
    )
    .action(async (_options, command) => {
      const { webhooksCreate } = await import('./webhooks.js');
      const options = command.optsWithGlobals();
      await webhooksCreate(ctxOf(command), { ...options, events: options.events ?? [...EVENTS] });
    });
  webhooks
    .command('ls')
    .description('list webhooks')
    .action(async (_options, command) => {
      const { webhooksLs } = await import('./webhooks.js');
      await webhooksLs(ctxOf(command), command.optsWithGlobals());
    });
  webhooks
    .command('rm')
    .argument('<webhookId>')
    .description('delete a webhook')
    .action(async (webhookId, _options, command) => {
      const { webhooksRm } = await import('./webhooks.js');
      await webhooksRm(ctxOf(command), webhookId, command.optsWithGlobals());
    });
  webhooks
    .command('test')
    .description('have the service send a sample delivery to every webhook subscribed to the event')
    .option('--event <event>', EVENTS.join('|'), oneOf('--event', EVENTS, false), 'new_comment')
    .action(async (_options, command) => {
      const { webhooksTest } = await import('./webhooks.js');
      await webhooksTest(ctxOf(command), command.optsWithGlobals());
    });
  webhooks
    .command('listen')
    .description('receive deliveries on 127.0.0.1, verify each signature, print it, and forward it')
    .option('--port <port>', 'port on 127.0.0.1 (0 picks a free one)', parsePort, 0)
    .option('--secret-file <file>', 'the signing secret (default: env BUGSMASH_WEBHOOK_SECRET)')
    .option('--forward-to <url>', 'POST verified deliveries here and answer as it does')
    .action(async (_options, command) => {
      const { webhooksListen } = await import('./webhooks.js');
      await webhooksListen(ctxOf(command), command.optsWithGlobals());
    });
}
