/** The specification's texts, word for word (SPEC.md §4, §5, §6, §8). */
export const TEXT = {
  signInToBook: 'Please sign in to continue booking!',
  invalidEmail: 'Please enter a valid email address.',
  missingDateTime: 'Please select a date and time.',
  proceed: 'Proceed to Payment',
  processing: 'Processing',
  cancel: 'Cancel',
  windowClosed: 'Payment window closed.',
  bookingConfirmed: 'Booking confirmed! Check your email/calendar.',
  orderCreationFailed: 'Payment initiation failed',
  purchaseNotStarted: 'Payment could not be started. Try again.',
  verificationFailed: 'Payment verification failed. Please contact support.',
  purchaseSucceeded: 'Payment successful! Access will be activated soon.',
  packageNotFound: 'Package not found.',
  packageLoadFailed: 'Failed to load package.',
  noEventPackages: 'No tickets/packages available yet.',
} as const;

/** What an unpaid order holds while its window is open: a consultation its time, a ticket its seat, a subscription nothing. */
export type Held = 'time' | 'seat' | null;

/** Said with 'Payment window closed.': where the unpaid order went, and what it no longer holds. */
export function windowClosedDetail(held: Held): string {
  return `Nothing was charged${held ? ` and the ${held} is no longer held` : ''}. You can pay for it from Your orders.`;
}

/** Checkout's reason for a failed attempt, said once: "Payment failed: Card declined." (the reason may already say it failed). */
export function paymentFailedText(reason: string | undefined): string {
  const said = reason?.trim();
  if (!said) return 'Payment failed.';
  return /^payment failed\b/i.test(said) ? said : `Payment failed: ${said}`;
}

/** The spec's "simple address pattern" for the booking e-mail. */
export const SIMPLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
