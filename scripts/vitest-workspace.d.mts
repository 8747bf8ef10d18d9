/** vitest's `server` setting that loads the workspace packages' built dist/ with Node, untransformed. */
export declare const loadWorkspaceDistNatively: { deps: { external: RegExp[] } };
