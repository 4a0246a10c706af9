import { createHmac, timingSafeEqual } from 'node:crypto';

export type LinkAction = 'ics' | 'cancel' | 'reschedule' | 'receipt';

/**
 * The signed links of an order's e-mails (invitation, cancel, reschedule, receipt): an HMAC of the action and
 * the order id, so a link works without a sign-in and cannot be turned into another order's.
 */
export function createOrderLinks(secret: string) {
  const sign = (action: LinkAction, id: string) => createHmac('sha256', secret).update(`${action}:${id}`).digest('base64url');
  return {
    valid(action: LinkAction, id: string, token: string | undefined): boolean {
      if (!token) return false;
      const expected = Buffer.from(sign(action, id));
      const given = Buffer.from(token);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
    link(action: LinkAction, id: string, origin = ''): string {
      return `${origin}/api/orders/${id}/${action === 'ics' ? 'invite.ics' : action}?token=${sign(action, id)}`;
    },
  };
}

export type OrderLinks = ReturnType<typeof createOrderLinks>;
