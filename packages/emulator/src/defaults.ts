// Defaults named in the emulator's public API, apart from its Node-typed modules (a user's project
// may type-check without @types/node).

/** The BugSmash key the emulator accepts when none is configured: a well-known local value, not a secret. */
export const DEFAULT_BUGSMASH_API_KEY = 'local-emulator-key';

/** Largest BugSmash upload request by default: four files of the 25 MiB a file may have. */
export const DEFAULT_MAX_UPLOAD_REQUEST_BYTES = 100 * 1024 * 1024;
