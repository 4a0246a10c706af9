import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIRST_LOAD_FILE } from '@site/shared/remotes';
import { LOCAL_ORIGIN, localFirstLoad, serverContainerOf } from '../src/modules/ssr/federation';

const VERSION = '20261127T060000000Z-0123456789ab';

describe('where the api loads a server container from', () => {
  it("reads a remote's own build and its releases from this machine", () => {
    expect(serverContainerOf('/remotes/mfe-marketing/remoteEntry.js', LOCAL_ORIGIN)).toBe(`${LOCAL_ORIGIN}/remotes/mfe-marketing/server/remoteEntry.js`);
    expect(serverContainerOf(`/releases/mfe-marketing/${VERSION}/remoteEntry.js`, LOCAL_ORIGIN)).toBe(`${LOCAL_ORIGIN}/releases/mfe-marketing/${VERSION}/server/remoteEntry.js`);
  });

  it('reads a release published to RELEASES_BASE_URL from RELEASES_DIR, never from that host', () => {
    for (const base of ['https://cdn.example.com/releases', 'https://cdn.example.com/releases/']) {
      expect(serverContainerOf(`https://cdn.example.com/releases/mfe-marketing/${VERSION}/remoteEntry.js`, LOCAL_ORIGIN, base)).toBe(
        `${LOCAL_ORIGIN}/releases/mfe-marketing/${VERSION}/server/remoteEntry.js`,
      );
    }
  });

  it('refuses an entry on any other host: no code from there runs inside the api', () => {
    expect(() => serverContainerOf('https://elsewhere.example.com/mfe-marketing/remoteEntry.js', LOCAL_ORIGIN, 'https://cdn.example.com/releases')).toThrow(/is not on this machine/);
    // A look-alike prefix is another host.
    expect(() => serverContainerOf(`https://cdn.example.com.evil.test/releases/mfe-marketing/${VERSION}/remoteEntry.js`, LOCAL_ORIGIN, 'https://cdn.example.com')).toThrow(/is not on this machine/);
    expect(() => serverContainerOf('http://127.0.0.1:8080/remoteEntry.js', LOCAL_ORIGIN)).toThrow(/is not on this machine/);
  });
});

describe("the files a first visit loads for a page's remote module", () => {
  const withRoot = async (files: Record<string, string>, check: (roots: { webRoot: string; releasesDir: string }) => Promise<void>) => {
    const webRoot = await mkdtemp(path.join(tmpdir(), 'first-load-'));
    try {
      const dist = path.join(webRoot, 'mfe-marketing', 'dist');
      await mkdir(dist, { recursive: true });
      for (const [name, text] of Object.entries(files)) await writeFile(path.join(dist, name), text);
      await check({ webRoot, releasesDir: path.join(webRoot, 'releases') });
    } finally {
      await rm(webRoot, { recursive: true, force: true });
    }
  };

  it("are read from the file the remote's build writes beside its entry", async () => {
    await withRoot({ [FIRST_LOAD_FILE]: JSON.stringify({ HomePage: ['8682.a.js', '973.b.js'], ServicePage: [] }) }, async (roots) => {
      expect(await localFirstLoad(roots, '/remotes/mfe-marketing/remoteEntry.js')).toEqual({ HomePage: ['8682.a.js', '973.b.js'], ServicePage: [] });
    });
  });

  it('are none for a build without that file, a file that is not such a list, or an entry on another host', async () => {
    await withRoot({}, async (roots) => {
      expect(await localFirstLoad(roots, '/remotes/mfe-marketing/remoteEntry.js')).toEqual({});
    });
    for (const text of ['{"HomePage": "8682.a.js"}', 'not json', '[]']) {
      await withRoot({ [FIRST_LOAD_FILE]: text }, async (roots) => {
        expect(await localFirstLoad(roots, '/remotes/mfe-marketing/remoteEntry.js')).toEqual({});
      });
    }
    await withRoot({ [FIRST_LOAD_FILE]: JSON.stringify({ HomePage: ['1.js'] }) }, async (roots) => {
      expect(await localFirstLoad(roots, 'https://elsewhere.example.com/mfe-marketing/remoteEntry.js')).toEqual({});
    });
  });
});
