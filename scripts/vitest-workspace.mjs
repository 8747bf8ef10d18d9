// vitest's `server` setting for every package's tests. The workspace packages a test imports (a
// client, the emulator) resolve to their built dist/, outside node_modules, so vitest transformed each
// of their files as if it were the package's own source: two thirds of all it transformed, and a
// fresh clone paid for it on its first run. Node loads them as they are, as any other dependency.
export const loadWorkspaceDistNatively = { deps: { external: [/\/dist\//] } };
