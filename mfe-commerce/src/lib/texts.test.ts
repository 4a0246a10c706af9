import { describe, expect, it } from 'vitest';
import { paymentFailedText, windowClosedDetail } from './texts';

describe('payment words', () => {
  it('says a failed payment once, whether or not the reason already says it failed', () => {
    expect(paymentFailedText('Payment failed (sandbox).')).toBe('Payment failed (sandbox).');
    expect(paymentFailedText('Card declined by the bank.')).toBe('Payment failed: Card declined by the bank.');
    expect(paymentFailedText(undefined)).toBe('Payment failed.');
  });

  it('a closed window names only what the order held: a time, a seat, or nothing for a subscription', () => {
    expect(windowClosedDetail('time')).toBe('Nothing was charged and the time is no longer held. You can pay for it from Your orders.');
    expect(windowClosedDetail('seat')).toBe('Nothing was charged and the seat is no longer held. You can pay for it from Your orders.');
    expect(windowClosedDetail(null)).toBe('Nothing was charged. You can pay for it from Your orders.');
  });
});
