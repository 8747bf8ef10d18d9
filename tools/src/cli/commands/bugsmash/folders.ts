import type { CliContext } from '../../context.js';
import { type AuthOptions, bugsmashClient } from './client.js';

export async function foldersLs(ctx: CliContext, options: AuthOptions): Promise<void> {
  const client = await bugsmashClient(ctx, options);
  const folders = await client.folders.list({});
  ctx.io.table(folders, [
    { header: 'id', value: (f) => f.id },
    { header: 'name', value: (f) => f.name },
    { header: 'parent', value: (f) => f.parent_id },
    { header: 'access', value: (f) => f.share_access },
  ]);
}

export async function foldersGet(ctx: CliContext, folderId: string, options: AuthOptions): Promise<void> {
  const client = await bugsmashClient(ctx, options);
  const folder = await client.folders.get({ folderId });
  ctx.io.result(folder, (f) => ctx.io.line(`${f.name}  ${f.id}`));
}

export async function foldersCreate(
  ctx: CliContext,
  options: AuthOptions & { name: string; parent?: string | undefined; project?: string[] | undefined },
): Promise<void> {
  const client = await bugsmashClient(ctx, options);
  const answer = await client.folders.create({
    name: options.name,
    ...(options.parent === undefined ? {} : { parentId: options.parent }),
    ...(options.project === undefined ? {} : { projectIds: options.project }),
  });
  ctx.io.result(answer ?? { name: options.name }, () => ctx.io.line(`created folder ${options.name}`));
}

export async function foldersUpdate(
  ctx: CliContext,
  folderId: string,
  options: AuthOptions & {
    name?: string | undefined;
    add?: string[] | undefined;
    remove?: string[] | undefined;
    access?: 'private' | 'public' | undefined;
  },
): Promise<void> {
  const client = await bugsmashClient(ctx, options);
  const folder = await client.folders.update({
    folderId,
    ...(options.name === undefined ? {} : { name: options.name }),
    ...(options.access === undefined ? {} : { access: options.access }),
    ...(options.add === undefined ? {} : { addProjectIds: options.add }),
    ...(options.remove === undefined ? {} : { removeProjectIds: options.remove }),
  });
  ctx.io.result(folder, (f) => ctx.io.line(`updated folder ${f.name}`));
}

export async function foldersRm(ctx: CliContext, folderId: string, options: AuthOptions): Promise<void> {
  const client = await bugsmashClient(ctx, options);
  await client.folders.delete({ folderId });
  ctx.io.result({ deleted: folderId }, () => ctx.io.line(`deleted folder ${folderId}`));
}
