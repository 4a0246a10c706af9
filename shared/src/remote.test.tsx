import { act, render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { registerRemoteLoader, Remote, RemoteLoaderProvider, shellCommitted } from './remote';

describe('the live marker', () => {
  it('waits for the shell and for every remote part it shows, not just for the shell', async () => {
    let arrive: (mod: { default: ComponentType }) => void = () => undefined;
    registerRemoteLoader(() => new Promise((resolve) => (arrive = resolve)));
    render(<Remote id="mfe_marketing/HomePage" />);
    shellCommitted();
    expect(document.documentElement.dataset.app).toBeUndefined();

    await act(async () => arrive({ default: () => <p>the page</p> }));
    expect(await screen.findByText('the page')).toBeTruthy();
    expect(document.documentElement.dataset.app).toBe('live');
  });
});

describe("a server render's own loader", () => {
  it('reaches every <Remote> below it, in another copy of this module too, before any registered loader', async () => {
    registerRemoteLoader(() => Promise.resolve({ default: () => <p>from the registered loader</p> }));
    // A remote composed by a release on trial's federation instance can bring its own copy of `shared`.
    vi.resetModules();
    const copy = await import('./remote');
    expect(copy.Remote).not.toBe(Remote);
    const asked: string[] = [];
    const load = (id: string) => {
      asked.push(id);
      return Promise.resolve({ default: id.endsWith('HomePage') ? () => <copy.Remote id="mfe_commerce/BookingSection" /> : () => <p>from this render's loader</p> });
    };
    render(
      <RemoteLoaderProvider load={load}>
        <Remote id="mfe_marketing/HomePage" />
      </RemoteLoaderProvider>,
    );
    expect(await screen.findByText("from this render's loader")).toBeTruthy();
    expect(screen.queryByText('from the registered loader')).toBeNull();
    expect(asked).toEqual(['mfe_marketing/HomePage', 'mfe_commerce/BookingSection']);
  });
});
