import { apiRequest } from '@site/shared/api-client';
import type { CreateCalendarEventBody, CreateOrderAnswer, CreateOrderBody, Order, VerifyPaymentBody } from '@site/shared/contracts/orders';

export const createOrder = (body: CreateOrderBody) =>
  apiRequest<CreateOrderAnswer>('/orders/create-order', { method: 'POST', body, auth: true });

export const verifyPayment = (body: VerifyPaymentBody) =>
  apiRequest<Order>('/orders/verify', { method: 'POST', body, auth: true });

export const fetchOrder = (id: string, signal?: AbortSignal) =>
  apiRequest<Order>(`/orders/${encodeURIComponent(id)}`, { auth: true, signal });

/** Pay an unpaid order from /orders: its slot or seat is taken again if still free. */
export const payOrder = (id: string) =>
  apiRequest<CreateOrderAnswer>(`/orders/${encodeURIComponent(id)}/pay`, { method: 'POST', auth: true });

/** The buyer closed the payment window: the hold is released at once (the order stays payable). */
export const releaseOrder = (id: string) =>
  apiRequest<Order>(`/orders/${encodeURIComponent(id)}/release`, { method: 'POST', auth: true });

/** Cancel an unpaid order for good. */
export const dropOrder = (id: string) => apiRequest<Order>(`/orders/${encodeURIComponent(id)}/drop`, { method: 'POST', auth: true });

/** Closing the window frees the slot or seat; a failure only costs the hold's remaining minutes. */
export const releaseQuietly = (id: string) =>
  releaseOrder(id).catch((error: unknown) => console.warn('The hold could not be released.', error));

export const fetchOrders = (signal?: AbortSignal) => apiRequest<Order[]>('/orders', { auth: true, signal });

/**
 * The spec's calendar call after a paid booking, sent and not waited on: the server already sends
 * the invitation with the confirmation, and answers this once per order (decision 010).
 */
export function requestCalendarEvent(body: CreateCalendarEventBody): void {
  apiRequest('/calendar/create-event', { method: 'POST', body, auth: true }).catch((error: unknown) =>
    console.warn('The calendar invitation could not be created.', error),
  );
}

/** The signed-in user's e-mail, for Checkout's prefill; none when it cannot be read. */
export async function fetchOwnEmail(): Promise<string | undefined> {
  try {
    const me = await apiRequest<{ email?: string }>('/users/me', { auth: true });
    return me.email;
  } catch {
    return undefined;
  }
}
