// Response bodies of the BugSmash interactions, as matchers: they fix each field's type and
// shape, and carry only the fields a caller of the client reads. Nullable fields are left out:
// a contract example of `null` would pin the provider to null.
import { commentPriorityValues, commentStatusValues, shareAccessValues } from '@specbound/bugsmash/schema';
import { boolean, eachLike, integer, laravelTime, like, oneOf, uuid } from './matchers.ts';

export const PROJECT_ID = '9b2f6c1e-3d4a-4e5b-8c7d-1a2b3c4d5e6f';
export const VERSION_ID = '4c1d8e2f-6a3b-4d5c-9e7f-0a1b2c3d4e5f';
export const FOLDER_ID = '3a7e9c2d-1b4f-4a6e-8d2c-5f6a7b8c9d0e';
export const COMMENT_ID = '7e3b5d9f-2c4a-4f6e-8b1d-3f5a7c9e1b2d';
export const REPLY_ID = '5f8a1c3e-7b9d-4e2f-a6c8-0d2e4f6a8b1c';
export const WEBHOOK_ID = '2d4f6b8d-0f2b-4d6f-8b0d-2f4b6d8f0b2d';

const created = laravelTime('2026-01-10T08:00:00.000000Z');
const updated = laravelTime('2026-01-31T07:58:30.000000Z');
const shareAccess = oneOf(shareAccessValues, 'private');

/** The success envelope around a payload. */
export function envelope(message: string, data?: unknown) {
  return { status: true, message: like(message), ...(data === undefined ? {} : { data }) };
}

/** The error envelope: `status: false` and the service's reason. */
export function failure(message: string) {
  return { status: false, message: like(message) };
}

export const projectListItem = {
  id: uuid(PROJECT_ID),
  name: like('Acme landing page'),
  type: like('website'),
  share_access: shareAccess,
  short_url: like('https://app.bugsmash.io/review/AbCdE'),
  created_at: created,
  updated_at: updated,
};

export const reviewLinkProject = {
  id: uuid(PROJECT_ID),
  name: like('Acme landing page'),
  review_link: like('https://app.bugsmash.io/review/AbCdE'),
};

export const versionSummary = {
  id: uuid(VERSION_ID),
  version_name: like('V1'),
  version_no: integer(1),
  status: like('To Review'),
  is_latest: boolean(true),
};

export const project = {
  id: uuid(PROJECT_ID),
  name: like('Acme landing page'),
  project_versions: eachLike(versionSummary),
};

export const version = {
  id: uuid(VERSION_ID),
  project_id: uuid(PROJECT_ID),
  version_name: like('V1'),
  version_no: integer(1),
  status: like('To Review'),
  upload_status: like('completed'),
  project_type: like('website'),
  updated_at: updated,
  short_url: like('https://app.bugsmash.io/review/AbCdE'),
  project_files: eachLike({
    file_url: like('https://cdn.bugsmash.io/files/2c4e6a8c/image/acme.png'),
    extension: like('.png'),
    file_size: integer(1759914),
    project_file_id: uuid('8a6c4e2a-0c8e-4a6c-8e2a-4c6e8a0c2e4a'),
  }),
};

export const folder = {
  id: uuid(FOLDER_ID),
  name: like('Clients'),
  share_access: shareAccess,
  created_at: created,
  updated_at: updated,
};

export const comment = {
  comment_id: uuid(COMMENT_ID),
  comment: like('The logo is blurry on retina screens.'),
  comment_number: integer(106),
  status: oneOf(commentStatusValues, 'Active'),
  priority: oneOf(commentPriorityValues, 'P2'),
  comment_by_name: like('Grace Hopper'),
  comment_by_email: like('grace@example.com'),
  created_at: created,
  updated_at: updated,
};

export const reply = {
  comment_id: uuid(REPLY_ID),
  comment: like('Fixed in V2.'),
  comment_by_name: like('Ada Lovelace'),
  created_at: created,
};
