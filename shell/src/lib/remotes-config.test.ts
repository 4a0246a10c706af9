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

  describe('in a server-rendered page', () => {
    const carry = (text: string) =>
      document.body.insertAdjacentHTML('beforeend', `<script id="remotes-config" type="application/json">${text}</script>`);
    // A fresh module each time: the list is read once per page.
    const fresh = async () => {
      vi.resetModules();
      return (await import('./remotes-config')).startRemotesConfigFetch;
    };

    it('takes the list the page was rendered with, without a request', async () => {
      const start = await fresh();
      carry(JSON.stringify(valid));
      const fetchMock = vi.fn();
      vi.stubGlobal('fetch', fetchMock);
      await expect(start()).resolves.toEqual(valid);
      await expect(start()).resolves.toEqual(valid);
      expect(fetchMock).not.toHaveBeenCalled();
      expect(document.getElementById('remotes-config')).toBeNull();
    });

    it('asks the server when the list in the page is not one', async () => {
      const start = await fresh();
      carry('{"mfe_marketing": ""}');
      const fetchMock = vi.fn().mockResolvedValueOnce(new Response(JSON.stringify(valid), { status: 200 }));
      vi.stubGlobal('fetch', fetchMock);
      await expect(start()).resolves.toEqual(valid);
      expect(fetchMock).toHaveBeenCalledTimes(1);
    });
  });
});
