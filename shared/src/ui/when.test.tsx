import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { formatVisitorWhen, formatWhen } from '../dates';
import { When } from './when';

// React's act() for hydrating by hand.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

// 2026-12-04 09:00 UTC is 2:30 PM in India.
const AT = '2026-12-04T09:00:00Z';

describe('one way to write an instant', () => {
  it("India's time first, labelled, in the spec's booking style; a date alone is India's date", () => {
    expect(formatWhen(AT)).toBe('December 4, 2026 at 2:30 PM IST');
    // 20:00 UTC on the 28th is already the 29th in India, as admin shows it.
    expect(formatWhen('2026-11-28T20:00:00Z', false)).toBe('November 29, 2026');
  });

  it("the visitor's own zone beside it only when it differs", () => {
    vi.stubEnv('TZ', 'UTC');
    expect(formatVisitorWhen(AT)).toBe('December 4, 2026 at 9:00 AM UTC');
    vi.stubEnv('TZ', 'Asia/Kolkata');
    expect(formatVisitorWhen(AT)).toBeNull();
  });

  it("renders IST on the server and keeps it after hydration, adding the visitor's time beside it without a mismatch", async () => {
    vi.stubEnv('TZ', 'UTC');
    const html = renderToString(<When iso={AT} />);
    expect(html).toContain('December 4, 2026 at 2:30 PM IST');
    expect(html).not.toContain('UTC');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const errors = vi.spyOn(console, 'error');
    const recoverable: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, <When iso={AT} />, { onRecoverableError: (error) => recoverable.push(error) });
    });
    expect(container.textContent).toBe('December 4, 2026 at 2:30 PM ISTYour time: December 4, 2026 at 9:00 AM UTC');
    expect(recoverable).toEqual([]);
    expect(errors).not.toHaveBeenCalled();
  });

  it('a date alone never gains a visitor zone', async () => {
    vi.stubEnv('TZ', 'America/New_York');
    const container = document.createElement('div');
    container.innerHTML = renderToString(<When iso="2026-11-28T20:00:00Z" withTime={false} />);
    await act(async () => {
      hydrateRoot(container, <When iso="2026-11-28T20:00:00Z" withTime={false} />);
    });
    expect(container.textContent).toBe('November 29, 2026');
  });
});
