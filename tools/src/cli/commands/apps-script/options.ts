// Options more than one `specbound gas` command takes.
export const SCRIPT_ID = [
  '--script-id <id>',
  'the script (default: scriptId of the .clasp.json here or above)',
] as const;
