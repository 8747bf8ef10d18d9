import { type Paginator, paginate, ValidationError } from '@specbound/http';
import { assertId, type CallOptions, type Context } from './context.js';
import type { components } from './generated/schema.js';
import type { JsonBodyOf, MultipartBodyOf, ProjectListItem, QueryOf, SuccessBody } from './types.js';
import { MAX_IMAGES, type PathReader, resolveUpload, type UploadInput } from './uploads.js';

type Schemas = components['schemas'];

/** A website project: the JSON body of `POST /project/generate-review-link`, as the wire spells it. */
export type CreateWebsiteProjectInput = JsonBodyOf<'generateReviewLink'>;

// The multipart bodies with their file parts taken as upload inputs and their flags as booleans
// (the wire sends them as the strings "true"/"false").
type Flags = { anonymousComments?: boolean | undefined; privateComments?: boolean | undefined };

/** A PDF, video, audio or image project from one file. */
export type CreateFileProjectInput = Omit<
  Schemas['CreateFileProjectRequest'],
  'file' | 'anonymousComments' | 'privateComments'
> &
  Flags & { file: UploadInput };

/** A project from up to 25 images, sent as `files[]` parts. */
export type CreateMultiImageProjectInput = Omit<
  Schemas['CreateMultiImageProjectRequest'],
  'files[]' | 'anonymousComments' | 'privateComments'
> &
  Flags & { files: readonly UploadInput[] };

export type CreateProjectInput =
  | CreateWebsiteProjectInput
  | CreateFileProjectInput
  | CreateMultiImageProjectInput;

/** `GET /projects` filters; `types` is sent as repeated `types[]` parameters. */
export type ListProjectsQuery = Omit<QueryOf<'listProjects'>, 'types[]'> & {
  types?: QueryOf<'listProjects'>['types[]'];
};

/** One page of projects: the envelope without `status` and `message`. */
export type ProjectPage = Omit<SuccessBody<'listProjects'>, 'status' | 'message'>;

/** The page size `iterate()` asks for: the most the service allows. */
export const PAGE_LIMIT = 50;

const FILE_TYPES: ReadonlySet<string> = new Set(['pdf', 'video', 'audio', 'image']);

export function projectsApi(ctx: Context, readPath: PathReader | undefined) {
  const list = async (query: ListProjectsQuery = {}, options?: CallOptions): Promise<ProjectPage> => {
    checkPaging(query);
    const { types, ...rest } = query;
    const result = await ctx.client.GET('/projects', {
      params: { query: types === undefined ? rest : { ...rest, 'types[]': types } },
      ...ctx.init(options),
    });
    const { status: _status, message: _message, ...page } = ctx.whole<SuccessBody<'listProjects'>>(result);
    return page;
  };

  return {
    /**
     * Creates a project and returns `{ id, name, review_link }` (the answer's `project`): a website
     * by URL, or a file project by upload (multipart).
     */
    async create(
      input: CreateProjectInput,
      options?: CallOptions,
    ): Promise<SuccessBody<'generateReviewLink'>['project']> {
      const init = ctx.init(options);
      if (input.projectType === 'website') {
        if ('file' in input || 'files' in input) {
          throw new ValidationError(
            'projectType',
            'Website projects are created from `websiteUrl`, not from files.',
          );
        }
        requireText('websiteUrl', input.websiteUrl);
        requireText('projectName', input.projectName);
        const result = await ctx.client.POST('/project/generate-review-link', { body: input, ...init });
        return projectOf(ctx, result);
      }
      const form = await projectForm(input, readPath);
      const result = await ctx.client.POST('/project/generate-review-link', {
        // openapi-typescript types binary parts as strings; the real body is the FormData built above.
        body: form as unknown as MultipartBodyOf<'generateReviewLink'>,
        bodySerializer: (body) => body,
        ...init,
      });
      return projectOf(ctx, result);
    },

    /** One page of projects with `current_page` and `last_page`. */
    list,

    /** Every project, page after page (50 a page), until `last_page` or an empty page. */
    iterate(
      query: Omit<ListProjectsQuery, 'page' | 'limit'> = {},
      options?: CallOptions,
    ): Paginator<ProjectListItem> {
      return paginate<ProjectListItem, number>(async (cursor) => {
        const page = cursor ?? 1;
        const answer = await list({ ...query, page, limit: PAGE_LIMIT }, options);
        const done = answer.data.length === 0 || page >= answer.last_page;
        return { items: answer.data, next: done ? undefined : page + 1 };
      });
    },

    async get(projectId: string, options?: CallOptions): Promise<SuccessBody<'getProject'>['data']> {
      assertId('projectId', projectId);
      const result = await ctx.client.GET('/project/{projectId}', {
        params: { path: { projectId } },
        ...ctx.init(options),
      });
      return ctx.payload(result);
    },

    /** Changes settings (snake_case wire names). The answer's payload is unconfirmed: returned as is. */
    async update(
      projectId: string,
      body: JsonBodyOf<'updateProject'>,
      options?: CallOptions,
    ): Promise<unknown> {
      assertId('projectId', projectId);
      if (Object.keys(body).length === 0)
        throw new ValidationError('body', 'Nothing to update: pass at least one field.');
      const result = await ctx.client.PATCH('/project/{projectId}', {
        params: { path: { projectId } },
        body,
        ...ctx.init(options),
      });
      return ctx.unconfirmed(result);
    },

    /** Deletes the project with its versions, comments and review links. */
    async delete(projectId: string, options?: CallOptions): Promise<unknown> {
      assertId('projectId', projectId);
      const result = await ctx.client.DELETE('/project/{projectId}', {
        params: { path: { projectId } },
        ...ctx.init(options),
      });
      return ctx.unconfirmed(result);
    },
  };
}

function projectOf(ctx: Context, result: Parameters<Context['payload']>[0]) {
  return ctx.payload<SuccessBody<'generateReviewLink'>['project']>(result, 'project');
}

async function projectForm(
  input: CreateFileProjectInput | CreateMultiImageProjectInput,
  readPath: PathReader | undefined,
): Promise<FormData> {
  const type: string = input.projectType;
  requireText('projectName', input.projectName);
  const form = new FormData();
  form.append('projectName', input.projectName);
  form.append('projectType', type);
  if (type === 'multi_images' && 'files' in input) {
    const { files } = input;
    if (!Array.isArray(files) || files.length === 0) {
      throw new ValidationError('files', 'A multi_images project needs at least one image in `files`.');
    }
    if (files.length > MAX_IMAGES) {
      throw new ValidationError(
        'files',
        `A multi_images project takes at most ${MAX_IMAGES} images (got ${files.length}).`,
      );
    }
    // Resolve every part before appending any, so one bad file refuses the whole request.
    const parts = await Promise.all(
      files.map((file, index) => resolveUpload(file, `files[${index}]`, readPath)),
    );
    for (const [index, part] of parts.entries()) {
      if (!part.blob.type.startsWith('image/') && part.blob.type !== 'application/octet-stream') {
        throw new ValidationError(`files[${index}]`, `files[${index}] is ${part.blob.type}, not an image.`);
      }
      form.append('files[]', part.blob, part.filename);
    }
  } else if (FILE_TYPES.has(type) && 'file' in input) {
    const part = await resolveUpload(input.file, 'file', readPath);
    form.append('file', part.blob, part.filename);
  } else {
    throw new ValidationError(
      'projectType',
      `Projects of type "${type}" cannot be created from ${'file' in input || 'files' in input ? 'these files' : 'this input'}: ` +
        'pdf, video, audio and image take one `file`, multi_images takes `files`, website takes `websiteUrl`.',
    );
  }
  appendFlag(form, 'anonymousComments', input.anonymousComments);
  appendFlag(form, 'privateComments', input.privateComments);
  return form;
}

function appendFlag(form: FormData, name: string, value: boolean | undefined): void {
  if (value !== undefined) form.append(name, value ? 'true' : 'false');
}

export function requireText(field: string, value: unknown): void {
  if (typeof value !== 'string' || value.trim() === '') {
    throw new ValidationError(field, `"${field}" must be a non-empty string.`);
  }
}

function checkPaging(query: ListProjectsQuery): void {
  const { page, limit } = query;
  if (page !== undefined && !(Number.isInteger(page) && page >= 1)) {
    throw new ValidationError('page', `"page" must be an integer of at least 1 (got ${String(page)}).`);
  }
  if (limit !== undefined && !(Number.isInteger(limit) && limit >= 1 && limit <= PAGE_LIMIT)) {
    throw new ValidationError(
      'limit',
      `"limit" must be an integer from 1 to ${PAGE_LIMIT} (got ${String(limit)}).`,
    );
  }
}
