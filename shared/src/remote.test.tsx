import { act, render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import { registerRemoteLoader, Remote, shellCommitted } from './remote';

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
