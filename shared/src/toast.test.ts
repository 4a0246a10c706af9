import { beforeEach, describe, expect, it, vi } from 'vitest';

const sonner = vi.hoisted(() => {
  const fn = vi.fn() as ReturnType<typeof vi.fn> & Record<string, ReturnType<typeof vi.fn>>;
  fn.success = vi.fn();
  fn.error = vi.fn();
  fn.warning = vi.fn();
  fn.info = vi.fn();
  fn.loading = vi.fn();
  fn.dismiss = vi.fn();
  return fn;
});
vi.mock('sonner', () => ({ toast: sonner }));

import { setToasterMount, toast } from './toast';

describe('toast defaults', () => {
  beforeEach(() => vi.clearAllMocks());

  // First: the toaster is mounted once, for the first toast.
  it('mounts the Toaster before the first toast is sent', async () => {
    const order: string[] = [];
    setToasterMount(async () => {
      order.push('mounted');
    });
    sonner.error!.mockImplementation(() => order.push('shown'));
    toast.error('Broken');
    await vi.waitFor(() => expect(order).toEqual(['mounted', 'shown']));
  });

  it('shows success for 2 seconds, errors and plain messages (as info, with an icon like the others) for 4, loading until dismissed', async () => {
    toast.success('Saved');
    toast.error('Broken');
    toast.message('Hello');
    toast.loading('Working');
    await vi.waitFor(() => expect(sonner.loading).toHaveBeenCalled());
    expect(sonner.success).toHaveBeenCalledWith('Saved', { duration: 2000 });
    expect(sonner.error).toHaveBeenCalledWith('Broken', { duration: 4000 });
    expect(sonner.info).toHaveBeenCalledWith('Hello', { duration: 4000 });
    expect(sonner).not.toHaveBeenCalled();
    expect(sonner.loading).toHaveBeenCalledWith('Working', { duration: Infinity });
  });

  it('lets a call choose its own duration (e.g. the 5-second booking confirmation)', async () => {
    toast.success('Booking confirmed! Check your email/calendar.', { duration: 5000 });
    await vi.waitFor(() => expect(sonner.success).toHaveBeenCalled());
    expect(sonner.success).toHaveBeenCalledWith('Booking confirmed! Check your email/calendar.', { duration: 5000 });
  });

});
