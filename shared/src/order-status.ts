import type { OrderStatus } from './contracts/orders';

/**
 * One vocabulary for an order's state, on the buyer's pages and in admin (without the schemas, so
 * a screen that only shows a status downloads no zod). A failed attempt can be paid again, so it
 * still awaits payment.
 */
export const ORDER_STATUS_LABEL: Record<OrderStatus, string> = {
  created: 'Awaiting payment',
  failed: 'Awaiting payment',
  paid: 'Paid',
  expired: 'Expired, not paid',
  refunded: 'Refunded',
};
