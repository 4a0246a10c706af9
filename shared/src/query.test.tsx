import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { PreloadedDataProvider } from './preloaded';
import { useQuery } from './query';

/** A load whose answers the test gives, one per call, and whose signals it can read. */
function controlledLoad<T>() {
  const calls: { signal: AbortSignal; answer(value: T): void; fail(error: unknown): void }[] = [];
  const load = vi.fn(
    (signal: AbortSignal) =>
      new Promise<T>((resolve, reject) => {
        calls.push({ signal, answer: resolve, fail: reject });
      }),
  );
  return { load, calls };
}

const withPreloaded = (data: Record<string, unknown>) =>
  function Preloaded({ children }: { children: ReactNode }) {
    return <PreloadedDataProvider data={data}>{children}</PreloadedDataProvider>;
  };

describe('useQuery', () => {
  it('is ready at once with the answer the server rendered the page with, and asks nothing', () => {
    const load = vi.fn(() => Promise.resolve(['fetched']));
    const { result } = renderHook(() => useQuery('/events?status=published', load), { wrapper: withPreloaded({ '/events?status=published': ['rendered'] }) });
    expect(result.current).toMatchObject({ state: 'ready', data: ['rendered'] });
    expect(load).not.toHaveBeenCalled();
  });

  it('loads what the page was not rendered with: loading, then ready', async () => {
    const { load, calls } = controlledLoad<string[]>();
    const { result } = renderHook(() => useQuery('/events?status=published', load), { wrapper: withPreloaded({ '/blogs': [] }) });
    expect(result.current).toMatchObject({ state: 'loading', data: undefined });
    await act(async () => calls[0]!.answer(['fetched']));
    expect(result.current).toMatchObject({ state: 'ready', data: ['fetched'] });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('reports a failure with its error, and asks again on reload', async () => {
    const { load, calls } = controlledLoad<string>();
    const { result } = renderHook(() => useQuery('/orders', load));
    const failure = new Error('offline');
    await act(async () => calls[0]!.fail(failure));
    expect(result.current).toMatchObject({ state: 'error', error: failure, data: undefined });
    act(() => result.current.reload());
    expect(result.current.state).toBe('loading');
    await act(async () => calls[1]!.answer('back'));
    expect(result.current).toMatchObject({ state: 'ready', data: 'back' });
  });

  it('keeps the last answer while the next key loads, aborts the read it replaces and drops its answer', async () => {
    const { load, calls } = controlledLoad<string>();
    const { result, rerender } = renderHook(({ key }) => useQuery(key, load), { initialProps: { key: '/a' } });
    await act(async () => calls[0]!.answer('a'));
    rerender({ key: '/b' });
    expect(result.current).toMatchObject({ state: 'loading', data: 'a' });
    rerender({ key: '/c' });
    expect(calls[1]!.signal.aborted).toBe(true);
    await act(async () => calls[1]!.answer('b, too late'));
    expect(result.current).toMatchObject({ state: 'loading', data: 'a' });
    await act(async () => calls[2]!.answer('c'));
    expect(result.current).toMatchObject({ state: 'ready', data: 'c' });
  });

  it('aborts its read when the component leaves', async () => {
    const { load, calls } = controlledLoad<string>();
    const { unmount } = renderHook(() => useQuery('/events', load));
    await waitFor(() => expect(calls).toHaveLength(1));
    unmount();
    expect(calls[0]!.signal.aborted).toBe(true);
  });

  it('asks the api again on reload even after the server rendered the answer', async () => {
    const { load, calls } = controlledLoad<string[]>();
    const { result } = renderHook(() => useQuery('/orders', load), { wrapper: withPreloaded({ '/orders': ['rendered'] }) });
    act(() => result.current.reload());
    expect(result.current).toMatchObject({ state: 'loading', data: ['rendered'] });
    await act(async () => calls[0]!.answer(['fresh']));
    expect(result.current).toMatchObject({ state: 'ready', data: ['fresh'] });
  });
});
