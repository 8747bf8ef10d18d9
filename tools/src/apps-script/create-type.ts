// `create --type`, as clasp names the kinds: a container kind (sheets, docs, forms, slides) gets a new,
// empty Google file made through Drive that the script is then bound to; webapp and api are
// standalone scripts whose manifest starts with the `webapp` or `executionApi` block (clasp creates
// them as plain standalone scripts; specbound writes the block, so a first deploy serves as asked).
import type { AppsScriptClient, ScriptFile } from '@specbound/apps-script';
import { type DriveClient, GOOGLE_APPS_MIME_TYPES } from '@specbound/drive';
import { driveFileUrl } from './drive.js';
import { contentFiles } from './pull.js';
import type { ScriptType } from './script-types.js';

type ContainerType = keyof typeof GOOGLE_APPS_MIME_TYPES;

export function isContainerType(type: ScriptType): type is ContainerType {
  return type in GOOGLE_APPS_MIME_TYPES;
}

/** The container made for a container type: its Drive id (the script's `parentId`) and link. */
export interface CreatedContainer {
  id: string;
  mimeType: string;
  url: string;
}

export async function createContainer(
  drive: DriveClient,
  type: ContainerType,
  title: string,
): Promise<CreatedContainer> {
  const mimeType = GOOGLE_APPS_MIME_TYPES[type];
  const file = await drive.files.create({ name: title, mimeType, fields: 'id,webViewLink' });
  const id = file.id ?? '';
  return {
    id,
    mimeType,
    url: file.webViewLink ?? driveFileUrl(id),
  };
}

/** The manifest block a web app or API executable starts with (only the owner can use it until changed). */
const BLOCKS: Partial<Record<ScriptType, Record<string, unknown>>> = {
  webapp: { webapp: { access: 'MYSELF', executeAs: 'USER_DEPLOYING' } },
  api: { executionApi: { access: 'MYSELF' } },
};

/**
 * Writes the type's manifest block into the new project (one `updateContent` of its initial files)
 * and returns the files as they then are; the files unchanged for other types.
 */
export async function applyTypeManifest(
  client: AppsScriptClient,
  scriptId: string,
  type: ScriptType,
  files: readonly ScriptFile[],
): Promise<readonly ScriptFile[]> {
  const block = BLOCKS[type];
  if (block === undefined) return files;
  const next = files.map((file) =>
    file.name === 'appsscript' && file.type === 'JSON'
      ? { ...file, source: `${JSON.stringify({ ...JSON.parse(file.source ?? '{}'), ...block }, null, 2)}\n` }
      : file,
  );
  // Types come from the service (the files it answered), so they are ScriptFile types.
  const updated = await client.projects.updateContent({
    scriptId,
    files: contentFiles(next) as ScriptFile[],
  });
  return updated.files ?? next;
}
