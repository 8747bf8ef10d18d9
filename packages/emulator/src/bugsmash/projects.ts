// Projects: created with their first version (a website URL or uploaded files), listed in pages,
// updated and deleted (with their versions and comments).
import { randomUUID } from 'node:crypto';
import { isUploadedFile } from '../core/body.ts';
import type { UploadedFile } from '../core/types.ts';
import type { BugsmashBackend } from './backend.ts';
import type { BugsmashHandlers } from './handlers.ts';
import { projectDetails, projectListItem } from './json.ts';
import type { BsProject } from './model.ts';
import { done, envelope, laravelTime, reviewLink, shortCode } from './text.ts';
import { checkUploads, newVersion, type StoredUpload, storeUploadsSync } from './versions.ts';

export interface NewProject {
  name: string;
  type: string;
  websiteUrl?: string;
  files: StoredUpload[];
  anonymousComments: boolean;
  privateComments: boolean;
}

export function createProject(
  b: BugsmashBackend,
  input: NewProject,
): { id: string; name: string; review_link: string } {
  const time = laravelTime();
  const project: BsProject = {
    id: randomUUID(),
    name: input.name,
    // Several images make one image project.
    type: input.type === 'multi_images' ? 'image' : input.type,
    share_access: 'private',
    anonymous_comments: input.anonymousComments,
    private_comments: input.privateComments,
    review_language: 'en',
    folder_id: null,
    short_code: shortCode(),
    banner: null,
    created_at: time,
    updated_at: time,
    users: [{ name: b.workspace.owner_name, email: b.workspace.owner_email, role: 'owner' }],
    next_comment_number: 1,
  };
  b.projects.set(project.id, project);
  b.touch('bs.projects', project.id);
  newVersion(b, project, input.websiteUrl ?? null, input.files);
  return { id: project.id, name: project.name, review_link: reviewLink(project.short_code) };
}

export function projectHandlers(
  b: BugsmashBackend,
): BugsmashHandlers<
  'generateReviewLink' | 'listProjects' | 'getProject' | 'updateProject' | 'deleteProject'
> {
  return {
    generateReviewLink: async (ctx) => {
      const body = ctx.body;
      const files: UploadedFile[] = [];
      if ('file' in body && isUploadedFile(body.file)) files.push(body.file);
      if ('files[]' in body && Array.isArray(body['files[]']))
        for (const f of body['files[]']) if (isUploadedFile(f)) files.push(f);
      const type = String(body.projectType);
      checkUploads(b, type === 'multi_images' ? 'image' : type, files);
      const stored = storeUploadsSync(b, files);
      const bool = (v: unknown) => v === true || v === 'true';
      const input: NewProject = {
        name: String(body.projectName),
        type,
        files: stored,
        anonymousComments: bool(body.anonymousComments),
        privateComments: bool(body.privateComments),
      };
      if ('websiteUrl' in body && typeof body.websiteUrl === 'string') input.websiteUrl = body.websiteUrl;
      // The one answer that carries its payload in `project`, not `data`.
      return { status: 200, body: { status: true, message: 'Success', project: createProject(b, input) } };
    },
    listProjects: (ctx) => {
      const q = ctx.params.query;
      const page = q.page ?? 1;
      const limit = q.limit ?? 10;
      const types = q['types[]'];
      let all = [...b.projects.values()];
      const folderId = q.folderId;
      if (folderId !== undefined)
        all = all.filter((p) => (folderId === 'null' ? p.folder_id === null : p.folder_id === folderId));
      if (types !== undefined && types.length > 0)
        all = all.filter((p) => (types as string[]).includes(p.type));
      all.sort((x, y) => y.created_at.localeCompare(x.created_at) || x.name.localeCompare(y.name));
      return {
        status: 200,
        body: {
          status: true,
          message: 'All Projects',
          data: all.slice((page - 1) * limit, page * limit).map(projectListItem),
          current_page: page,
          last_page: Math.max(1, Math.ceil(all.length / limit)),
          per_page: limit,
          total: all.length,
        },
      };
    },
    getProject: (ctx) => envelope('Project Details', projectDetails(b, b.project(ctx.params.path.projectId))),
    updateProject: (ctx) => {
      const p = b.project(ctx.params.path.projectId);
      const body = ctx.body;
      if (body.name !== undefined) p.name = body.name;
      if (body.share_access !== undefined) p.share_access = body.share_access;
      if (body.anonymous_comments !== undefined) p.anonymous_comments = body.anonymous_comments;
      if (body.review_language !== undefined) p.review_language = body.review_language;
      p.updated_at = laravelTime();
      b.touch('bs.projects', p.id);
      return envelope('Project updated', projectDetails(b, p));
    },
    deleteProject: (ctx) => {
      const id = b.project(ctx.params.path.projectId).id;
      b.projects.delete(id);
      b.touch('bs.projects', id);
      for (const v of b.versionsOf(id)) {
        b.versions.delete(v.id);
        b.touch('bs.versions', v.id);
      }
      for (const c of b.commentsOf(id)) {
        b.comments.delete(c.comment_id);
        b.touch('bs.comments', c.comment_id);
      }
      return done('Project deleted');
    },
  };
}
