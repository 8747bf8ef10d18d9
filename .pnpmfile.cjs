// openapi-typescript prints the types it generates through TypeScript's JS compiler API, which
// TypeScript 7 (the `tsc` every package builds and type-checks with) no longer ships. Its peer
// dependency on `typescript` would resolve to the workspace's TypeScript 7, so it gets the last
// TypeScript 5 as its own dependency instead.
module.exports = {
  hooks: {
    readPackage(pkg) {
      if (pkg.name === 'openapi-typescript') {
        delete pkg.peerDependencies?.typescript;
        pkg.dependencies = { ...pkg.dependencies, typescript: '5.9.3' };
      }
      return pkg;
    },
  },
};
