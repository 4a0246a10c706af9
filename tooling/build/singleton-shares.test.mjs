import { createInstance } from '@module-federation/enhanced/runtime';
import { afterEach, describe, expect, it, vi } from 'vitest';
import singletonShares from './singleton-shares.mjs';

/** A host providing `lib` at `version`, and what a consumer asking for `range` gets from it. */
function consume({ version, range, singleton = true }) {
  const lib = { version };
  // Our plugin, its resolver marked: `ours` says whether the runtime used it.
  const plugin = singletonShares();
  let ours = false;
  const plugins = [
    {
      name: plugin.name,
      resolveShare(args) {
        const original = args.resolver;
        const result = plugin.resolveShare(args);
        if (result.resolver !== original) {
          const replaced = result.resolver;
          result.resolver = () => ((ours = true), replaced());
        }
        return result;
      },
    },
  ];
  const host = createInstance({
    name: `host_${Math.random().toString(36).slice(2)}`,
    remotes: [],
    plugins,
    shared: { lib: { version, lib: () => lib, shareConfig: { singleton, requiredVersion: range } } },
  });
  const got = host.loadShareSync('lib', { customShareInfo: { shareConfig: { singleton, requiredVersion: range } } });
  return { lib, got: got?.(), ours };
}

afterEach(() => vi.restoreAllMocks());

describe('singleton shares resolved without the runtime semver', () => {
  it('hands over the very share the runtime resolves, for `*` and for `^` the version found', () => {
    for (const [version, range] of [['19.3.1', '^19.3.1'], ['1.0.0', '*'], ['0.3.1', '^0.3.1'], ['2.0.0-rc.1', '^2.0.0-rc.1']]) {
      const { lib, got, ours } = consume({ version, range });
      expect(got, `${version} for ${range}`).toBe(lib);
      expect(ours, `${version} for ${range}`).toBe(true);
    }
  });

  it('replaces the resolver only where the answer is known, and never for a mismatch', () => {
    const plugin = singletonShares();
    const args = (version, requiredVersion, extra = {}) => {
      const shared = { version };
      const resolver = () => undefined;
      return { shareScopeMap: { default: { lib: { [version]: shared } } }, scope: 'default', pkgName: 'lib', version, shareInfo: { shareConfig: { singleton: true, requiredVersion }, ...extra }, resolver, shared };
    };
    for (const [version, range] of [['19.3.1', '^19.3.1'], ['1.0.0', '*']]) {
      const a = args(version, range);
      const original = a.resolver;
      const result = plugin.resolveShare(a);
      expect(result.resolver).not.toBe(original);
      expect(result.resolver()).toEqual({ shared: a.shared, useTreesShaking: false });
    }
    for (const a of [args('19.3.1', '^18.0.0'), args('19.3.1', '~19.3.1'), args('19.3.1', '>=19'), args('19.3.1', '*', { treeShaking: { mode: 'runtime-infer' } })]) {
      const original = a.resolver;
      expect(plugin.resolveShare(a).resolver).toBe(original);
    }
    const notSingleton = args('19.3.1', '^19.3.1');
    notSingleton.shareInfo.shareConfig.singleton = false;
    const original = notSingleton.resolver;
    expect(plugin.resolveShare(notSingleton).resolver).toBe(original);
  });

  it('leaves a mismatch to the runtime, which still warns about it', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { lib, got, ours } = consume({ version: '19.3.1', range: '^18.0.0' });
    expect(got).toBe(lib);
    expect(ours).toBe(false);
    expect(warn.mock.calls.flat().join(' ')).toMatch(/does not satisfy the requirement/);
  });
});
