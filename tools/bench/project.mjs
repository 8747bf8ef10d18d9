// The clasp checkouts the push benches push from (push.mjs, watch.mjs, push-typescript.mjs).
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Creates an emulator project named `name` and its checkout in `root/name`: `.clasp.json`, the
 * manifest and `files` (`{ path: text }`). Returns `{ dir, scriptId }`.
 */
export async function writeProject(client, root, name, files) {
  const { scriptId } = await client.projects.create({ title: name });
  const dir = join(root, name);
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, '.clasp.json'), JSON.stringify({ scriptId }));
  await writeFile(join(dir, 'appsscript.json'), '{"timeZone":"Etc/UTC","runtimeVersion":"V8"}');
  for (const [path, text] of Object.entries(files)) await writeFile(join(dir, path), text);
  return { dir, scriptId: String(scriptId) };
}

/** `count` scripts of 40 lines each (`file01.js`, …): with the manifest, a project of `count + 1` files. */
export function scriptFiles(count) {
  const files = {};
  for (let i = 1; i <= count; i++) {
    const body = Array.from({ length: 40 }, (_, n) => `  total += ${i} * ${n};`).join('\n');
    files[`file${String(i).padStart(2, '0')}.js`] =
      `function f${i}() {\n  let total = 0;\n${body}\n  return total;\n}\n`;
  }
  return files;
}
