/** The script editor's address of a project. */
export function editorUrl(scriptId: string): string {
  return `https://script.google.com/d/${encodeURIComponent(scriptId)}/edit`;
}

/**
 * A web app's URL as the service it came from serves it. Google answers `https://script.google.com/
 * macros/s/{id}/exec`; an emulator (any Apps Script API base other than Google's) serves the same path
 * on its own origin, so the URL is moved there.
 */
export function servedWebAppUrl(url: string, appsScriptUrl: string): string {
  if (new URL(appsScriptUrl).hostname === 'script.googleapis.com') return url;
  const parsed = new URL(url);
  return new URL(`${parsed.pathname}${parsed.search}`, appsScriptUrl).href;
}
