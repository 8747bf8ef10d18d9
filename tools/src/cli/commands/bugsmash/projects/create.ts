// `specbound bs projects create`: a project from a website URL or a file.
import { resolve } from 'node:path';
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { type CliContext, contextOf } from '../../../context.js';
import { examples } from '../../../examples.js';
import { type AuthOptions, bugsmashClient } from '../client.js';

interface ProjectsCreateOptions extends AuthOptions {
  name: string;
  url?: string | undefined;
  file?: string | undefined;
}

export function define(projects: CommandUnknownOpts): void {
  projects
    .command('create')
    .description('create a project from a website URL or a file (pdf, image, video, audio)')
    .requiredOption('--name <name>', 'project name')
    .option('--url <url>', 'website to review')
    .option('--file <file>', 'file to review (type from its extension)')
    .addHelpText(
      'after',
      examples(
        ['specbound bs projects create --name Landing --url https://example.com', 'a website project'],
        ['specbound bs projects create --name Deck --file deck.pdf', 'a PDF project from a file'],
      ),
    )
    .action((_options, command) => run(contextOf(command), command.optsWithGlobals()));
}

export async function run(ctx: CliContext, options: ProjectsCreateOptions): Promise<void> {
  const { createBugSmashProject } = await import('../../../../bugsmash/projects.js');
  const client = await bugsmashClient(ctx, options);
  const file = options.file === undefined ? undefined : resolve(ctx.cwd, options.file);
  const project = await createBugSmashProject(client, { ...options, file });
  ctx.io.result(project, (p) => {
    ctx.io.line(`created ${p.name} (${p.id})`);
    ctx.io.line(`review link: ${p.review_link}`);
  });
}
