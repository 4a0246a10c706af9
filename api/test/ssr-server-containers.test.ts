import { describe, expect, it } from 'vitest';
import { LOCAL_ORIGIN, serverContainerOf } from '../src/modules/ssr/federation';

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
