/**
 * A federation runtime plugin in every browser build (decision 020). Resolving a shared singleton,
 * the runtime checks the version found against the consumer's range with its own semver, which
 * builds its regular expressions again on every call: 13 ms of a first visit's main thread on a fast
 * desktop, for checks whose answer is known. When the range is `*` (our own `shared` package) or
 * `^` the very version found (one lockfile builds every bundle), the version satisfies it, and this
 * hands over the share the runtime's own resolver would have returned. Any other case, a mismatch
 * included, goes to that resolver, which warns as before.
 * @returns {import('@module-federation/runtime').ModuleFederationRuntimePlugin}
 */
export default function singletonShares() {
  return {
    name: 'site-singleton-shares',
    resolveShare(args) {
      const { shareScopeMap, scope, pkgName, version, shareInfo } = args;
      const requiredVersion = shareInfo.shareConfig?.requiredVersion;
      const shared = shareScopeMap[scope]?.[pkgName]?.[version];
      if (shared && shareInfo.shareConfig?.singleton && !shareInfo.treeShaking && (requiredVersion === '*' || requiredVersion === `^${version}`)) {
        args.resolver = () => ({ shared, useTreesShaking: false });
      }
      return args;
    },
  };
}
