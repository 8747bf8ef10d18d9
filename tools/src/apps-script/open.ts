/** The script editor's address of a project. */
export function editorUrl(scriptId: string): string {
  return `https://script.google.com/d/${encodeURIComponent(scriptId)}/edit`;
}
