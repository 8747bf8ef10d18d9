/** One entry per documented service. `api` is the alias in the root redocly.yaml. */
export interface Service {
  readonly id: 'apps-script' | 'bugsmash' | 'logging' | 'drive' | 'sheets';
  readonly api: string;
  readonly name: string;
  readonly packageName: string;
}

export const SERVICES: readonly Service[] = [
  {
    id: 'apps-script',
    api: 'apps-script@v1',
    name: 'Apps Script API v1',
    packageName: '@specbound/apps-script',
  },
  { id: 'bugsmash', api: 'bugsmash@v2', name: 'BugSmash REST API v2', packageName: '@specbound/bugsmash' },
  { id: 'logging', api: 'logging@v2', name: 'Cloud Logging API v2', packageName: '@specbound/logging' },
  { id: 'drive', api: 'drive@v3', name: 'Google Drive API v3 (files)', packageName: '@specbound/drive' },
  { id: 'sheets', api: 'sheets@v4', name: 'Google Sheets API v4', packageName: '@specbound/sheets' },
];

/** Specs with a reference page but no client (no samples, no quick start). `api` as in redocly.yaml. */
export interface Reference {
  readonly id: 'emulator';
  readonly api: string;
  readonly name: string;
}

export const REFERENCES: readonly Reference[] = [
  { id: 'emulator', api: 'emulator@v1', name: 'Emulator control API' },
];
