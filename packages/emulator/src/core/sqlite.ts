// `node:sqlite`, loaded once. Node 22.13 to 23 print an ExperimentalWarning the first time it is
// loaded; the emulator silences that one warning (and only it): it is the emulator's choice of
// storage, not something a user of the emulator can act on. Node 24 prints none.
type Sqlite = typeof import('node:sqlite');

let loaded: Sqlite | undefined;

/** Whether a warning is the one `node:sqlite` gives while it is experimental. */
function isSqliteExperimentalWarning(warning: string | Error, type?: unknown): boolean {
  const name = typeof warning === 'string' ? (typeof type === 'string' ? type : 'Warning') : warning.name;
  const message = typeof warning === 'string' ? warning : warning.message;
  return name === 'ExperimentalWarning' && /\bSQLite\b/i.test(message);
}

export function sqlite(): Sqlite {
  // `?.`: Node before 20.16 has no getBuiltinModule at all.
  loaded ??= withoutSqliteWarning(() =>
    requireSqlite(process.getBuiltinModule?.('node:sqlite') as Sqlite | undefined),
  );
  return loaded;
}

/**
 * `module`, or the error saying which Node the emulator needs: an older Node has no `node:sqlite`
 * (22.5–22.12 only behind a flag), and reading `DatabaseSync` of nothing told the user nothing.
 */
export function requireSqlite(module: Sqlite | undefined, version = process.version): Sqlite {
  if (module !== undefined) return module;
  throw new Error(
    `the emulator keeps its state in node:sqlite, which Node ${version} does not have: run it with Node 22.13 or later (Node 24 has it without a warning).`,
  );
}

/** Runs `load` with the SQLite ExperimentalWarning filtered out; every other warning goes through. */
export function withoutSqliteWarning<T>(load: () => T): T {
  const emit = process.emitWarning;
  // The warning is emitted synchronously while the module loads: filter it for that moment only.
  process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
    const options = rest[0];
    const type =
      typeof options === 'object' && options !== null ? (options as { type?: unknown }).type : options;
    if (isSqliteExperimentalWarning(warning, type)) return;
    (emit as (...args: unknown[]) => void).call(process, warning, ...rest);
  }) as typeof process.emitWarning;
  try {
    return load();
  } finally {
    process.emitWarning = emit;
  }
}
