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

/** Said with 'Payment window closed.': where the unpaid order went. */
export const WINDOW_CLOSED_DETAIL = 'Nothing was charged and the time or seat is no longer held. You can pay for it from Your orders.';

/** The spec's "simple address pattern" for the booking e-mail. */
export const SIMPLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
