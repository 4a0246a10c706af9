import { fetchOwnEmail } from '../../lib/payments/payments-api';

let asked: { sub: string; email: Promise<string | undefined> } | null = null;

/**
 * The signed-in buyer's own address, asked once per account: the booking form opens with it
 * already in its Email field, rather than filling it in under the buyer's fingers.
 */
export function ownEmailOf(sub: string): Promise<string | undefined> {
  if (asked?.sub !== sub) asked = { sub, email: fetchOwnEmail() };
  return asked.email;
}
