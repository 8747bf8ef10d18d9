import {
  bind,
  type CallOptions,
  define,
  method,
  numberedPages,
  type Paginator,
  requireText,
  ValidationError,
} from '@specbound/http';
import { type Context, op, someOf } from './context.js';
import { type components, createFileProjectRequestProjectTypeValues } from './generated/schema.js';
import type { JsonBodyOf, ProjectListItem, QueryOf, SuccessBody } from './types.js';
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

export type CreateProjectParams =
  | CreateWebsiteProjectInput
  | CreateFileProjectInput
  | CreateMultiImageProjectInput;

/** `GET /projects` params; `types` is sent as repeated `types[]` parameters. */
export type ListProjectsParams = Omit<QueryOf<'listProjects'>, 'types[]'> & {
  types?: QueryOf<'listProjects'>['types[]'];
};

/** One page of projects: the envelope without `status` and `message`. */
export type ProjectPage = Omit<SuccessBody<'listProjects'>, 'status' | 'message'>;

/** The page size `iterate()` asks for: the most the service allows. */
export const PAGE_LIMIT = 50;

const FILE_TYPES: ReadonlySet<string> = /* @__PURE__ */ new Set(createFileProjectRequestProjectTypeValues);

/** `projects.list` as an operation function. */
export const listProjects = /* @__PURE__ */ op<'listProjects', ProjectPage, ListProjectsParams>(
  'GET',
  '/projects',
  {
    check: checkPaging,
    // The wire spells the repeated parameter `types[]`.
    wire: ({ types, ...rest }) => (types === undefined ? rest : { ...rest, 'types[]': types }),
    read: 'whole',
  },
);
/** `projects.iterate` as an operation function. */
export const iterateProjects = /* @__PURE__ */ define((ctx: Context) => {
  const list = bind(ctx, listProjects);
  return (
    params: Omit<ListProjectsParams, 'page' | 'limit'> = {},
    options?: CallOptions,
  ): Paginator<ProjectListItem> => numberedPages(list, 'data', PAGE_LIMIT, params, options);
});
/** `projects.create` as an operation function (the spec's `generateReviewLink`). */
export const generateReviewLink = /* @__PURE__ */ define((ctx: Context) =>
  method<CreateProjectParams, SuccessBody<'generateReviewLink'>['project']>(
    ctx.caller,
    async (params, init) => {
      if (params.projectType === 'website') {
        if ('file' in params || 'files' in params) {
          throw new ValidationError(
            'projectType',
            'Website projects are created from `websiteUrl`, not from files.',
          );
        }
        requireText('websiteUrl', params.websiteUrl);
        requireText('projectName', params.projectName);
      }
      // openapi-fetch sends a FormData body as it is (multipart, with the platform's boundary).
      const body = params.projectType === 'website' ? params : await projectForm(params, ctx.readPath);
      return ctx.caller.raw.request('POST', '/project/generate-review-link', { body, ...init });
    },
    { decode: ctx.read.project as () => SuccessBody<'generateReviewLink'>['project'] },
  ),
);
/** `projects.get` as an operation function. */
export const getProject = /* @__PURE__ */ op<'getProject'>('GET', '/project/{projectId}');
/** `projects.update` as an operation function. */
export const updateProject = /* @__PURE__ */ op<'updateProject', unknown>('PATCH', '/project/{projectId}', {
  check: /* @__PURE__ */ someOf('projectId', 'at least one field'),
  read: 'unconfirmed',
});
/** `projects.delete` as an operation function. */
export const deleteProject = /* @__PURE__ */ op<'deleteProject', unknown>('DELETE', '/project/{projectId}', {
  read: 'unconfirmed',
});

/** `projects.*`. */
export const projects = {
  /**
   * Creates a project and returns `{ id, name, review_link }` (the answer's `project`): a website
   * by URL, or a file project by upload (multipart).
   */
  create: generateReviewLink,
  /** One page of projects with `current_page` and `last_page`. */
  list: listProjects,
  /** Every project, page after page (50 a page), until `last_page` or an empty page. */
  iterate: iterateProjects,
  get: getProject,
  /** Changes settings (snake_case wire names). The answer's payload is unconfirmed: returned as is. */
  update: updateProject,
  /** Deletes the project with its versions, comments and review links. */
  delete: deleteProject,
};

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

function checkPaging(query: ListProjectsParams): void {
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
