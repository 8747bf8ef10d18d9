import { resolve } from 'node:path';
import type { ProjectListItem, ProjectType } from '@specbound/bugsmash';
import { createBugSmashProject, reviewLink } from '../../../bugsmash/projects.js';
import type { CliContext } from '../../context.js';
import { type AuthOptions, bugsmashClient } from './client.js';

export async function projectsLs(
  ctx: CliContext,
  options: AuthOptions & { type?: ProjectType | undefined; all?: true | undefined },
): Promise<void> {
  const client = await bugsmashClient(ctx, options);
  const filter = options.type === undefined ? {} : { types: [options.type] };
  let rows: ProjectListItem[];
  if (options.all === true) {
    rows = await client.projects.iterate(filter).all();
  } else {
    const page = await client.projects.list({ ...filter, page: 1, limit: 50 });
    rows = page.data;
    if (page.last_page > 1) ctx.io.hint(`page 1 of ${page.last_page}; --all lists every project`);
  }
  ctx.io.table(rows, [
    { header: 'id', value: (p) => p.id },
    { header: 'name', value: (p) => p.name },
    { header: 'type', value: (p) => p.type },
    { header: 'link', value: (p) => p.short_url },
    { header: 'updated', value: (p) => p.updated_at },
  ]);
}

export async function projectsGet(ctx: CliContext, projectId: string, options: AuthOptions): Promise<void> {
  const client = await bugsmashClient(ctx, options);
  const project = await client.projects.get({ projectId });
  ctx.io.result(project, (p) => {
    ctx.io.line(`${ctx.io.style('bold', p.name)}  ${p.id}`);
    for (const v of p.project_versions) {
      ctx.io.line(
        `  ${v.version_name ?? v.version_no ?? ''}${v.is_latest === true ? ' (latest)' : ''}  ${v.short_url ?? ''}`,
      );
    }
    ctx.io.line(`  ${p.project_users.length} collaborator(s)`);
  });
}

export async function projectsCreate(
  ctx: CliContext,
  options: AuthOptions & { name: string; url?: string | undefined; file?: string | undefined },
): Promise<void> {
  const client = await bugsmashClient(ctx, options);
  const file = options.file === undefined ? undefined : resolve(ctx.cwd, options.file);
  const project = await createBugSmashProject(client, { ...options, file });
  ctx.io.result(project, (p) => {
    ctx.io.line(`created ${p.name} (${p.id})`);
    ctx.io.line(`review link: ${p.review_link}`);
  });
}

export async function projectsRm(ctx: CliContext, projectId: string, options: AuthOptions): Promise<void> {
  const client = await bugsmashClient(ctx, options);
  await client.projects.delete({ projectId });
  ctx.io.result({ deleted: projectId }, () => ctx.io.line(`deleted project ${projectId}`));
}

export async function reviewLinkCommand(
  ctx: CliContext,
  projectId: string,
  options: AuthOptions,
): Promise<void> {
  const client = await bugsmashClient(ctx, options);
  const link = await reviewLink(client, projectId);
  ctx.io.result(link, (l) => ctx.io.line(l.reviewLink));
}
