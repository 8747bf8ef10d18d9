import { readFile } from 'node:fs/promises';
import { expect, it } from 'vitest';
import { VERSION } from '../src/index.js';
import { ok, only, setup } from './helpers.js';

it('VERSION is package.json version and is named in the user agent', async () => {
  const pkg: unknown = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8'));
  expect(pkg).toMatchObject({ version: VERSION });
  const { client, requests } = setup(() => ok([]));
  await client.folders.list();
  expect(only(requests).headers.get('user-agent')).toContain(`@specbound/bugsmash/${VERSION}`);
});
