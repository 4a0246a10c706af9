import { beforeEach, describe, expect, it, vi } from 'vitest';

const sonner = vi.hoisted(() => {
  const fn = vi.fn() as ReturnType<typeof vi.fn> & Record<string, ReturnType<typeof vi.fn>>;
  fn.success = vi.fn();
  fn.error = vi.fn();
  fn.warning = vi.fn();
  fn.loading = vi.fn();
  fn.dismiss = vi.fn();
  return fn;
});
vi.mock('sonner', () => ({ toast: sonner }));

import { toast } from './toast';

describe('toast defaults', () => {
  beforeEach(() => vi.clearAllMocks());

  it('shows success for 2 seconds, errors and plain messages for 4, loading until dismissed', () => {
    toast.success('Saved');
    toast.error('Broken');
    toast.message('Hello');
    toast.loading('Working');
    expect(sonner.success).toHaveBeenCalledWith('Saved', { duration: 2000 });
    expect(sonner.error).toHaveBeenCalledWith('Broken', { duration: 4000 });
    expect(sonner).toHaveBeenCalledWith('Hello', { duration: 4000 });
    expect(sonner.loading).toHaveBeenCalledWith('Working', { duration: Infinity });
  });

  it('lets a call choose its own duration (e.g. the 5-second booking confirmation)', () => {
    toast.success('Booking confirmed! Check your email/calendar.', { duration: 5000 });
    expect(sonner.success).toHaveBeenCalledWith('Booking confirmed! Check your email/calendar.', { duration: 5000 });
  });
});
