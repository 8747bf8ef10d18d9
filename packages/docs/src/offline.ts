import { readFile, writeFile } from 'node:fs/promises';

/**
 * Redoc 3's "API docs by Redocly" badge loads its logo from Redocly's CDN on every page view
 * (there is no option to turn it off). The reference pages must load nothing from elsewhere, so
 * the badge's image is swapped for a local text mark; the badge and its link stay.
 */
const ATTRIBUTION_LOGOS: Readonly<Record<string, string>> = {
  'https://cdn.redoc.ly/redoc/logo-mini-full.svg': wordmark(84),
  'https://cdn.redoc.ly/redoc/logo-mini.svg': wordmark(20),
};

function wordmark(width: number): string {
  const label = width > 40 ? 'Redocly' : 'R';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="20" viewBox="0 0 ${width} 20"><text x="0" y="15" font-family="system-ui,sans-serif" font-size="14" font-weight="700" fill="#0044d4">${label}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/** Rewrites a built reference page so it loads nothing from outside; throws if Redoc changed. */
export async function localizeRedocPage(file: string): Promise<void> {
  let html = await readFile(file, 'utf8');
  for (const [remote, local] of Object.entries(ATTRIBUTION_LOGOS)) {
    // A Redoc upgrade that moves or renames the badge must fail the build, not leak a request.
    if (!html.includes(remote))
      throw new Error(`${file}: expected Redoc's badge logo ${remote}; check the Redoc upgrade`);
    html = html.replaceAll(remote, local);
  }
  await writeFile(file, html);
}
