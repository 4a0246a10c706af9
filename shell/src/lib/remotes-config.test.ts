import { afterEach, describe, expect, it, vi } from 'vitest';
import { RemotesConfig, startRemotesConfigFetch } from './remotes-config';

const valid = {
  mfe_marketing: '/remotes/mfe-marketing/remoteEntry.js',
  mfe_community: 'https://cdn.example.com/community/remoteEntry.js',
  mfe_commerce: '/remotes/mfe-commerce/remoteEntry.js',
  mfe_admin: '/remotes/mfe-admin/remoteEntry.js',
};

describe('remotes.json', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('accepts an entry for every remote', () => {
    expect(RemotesConfig.parse(valid)).toEqual(valid);
  });

  it('rejects a missing or empty entry', () => {
    const { mfe_admin: _omit, ...missing } = valid;
    expect(() => RemotesConfig.parse(missing)).toThrow();
    expect(() => RemotesConfig.parse({ ...valid, mfe_marketing: '' })).toThrow();
  });

  it('asks again after a failed fetch, so a retry can recover', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(new Response('down', { status: 503 }))
      .mockResolvedValueOnce(new Response(JSON.stringify(valid), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(startRemotesConfigFetch()).rejects.toThrow('503');
    await expect(startRemotesConfigFetch()).resolves.toEqual(valid);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
