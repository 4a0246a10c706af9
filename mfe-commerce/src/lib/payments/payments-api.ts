import { apiRequest } from '@site/shared/api-client';
import type { CreateCalendarEventBody, CreateOrderAnswer, CreateOrderBody, Order, VerifyPaymentBody } from '@site/shared/contracts/orders';

export const createOrder = (body: CreateOrderBody) =>
  apiRequest<CreateOrderAnswer>('/orders/create-order', { method: 'POST', body, auth: true });

export const verifyPayment = (body: VerifyPaymentBody) =>
  apiRequest<Order>('/orders/verify', { method: 'POST', body, auth: true });

export const fetchOrder = (id: string, signal?: AbortSignal) =>
  apiRequest<Order>(`/orders/${encodeURIComponent(id)}`, { auth: true, signal });

export const fetchOrders = (signal?: AbortSignal) => apiRequest<Order[]>('/orders', { auth: true, signal });

export const createCalendarEvent = (body: CreateCalendarEventBody) =>
  apiRequest('/calendar/create-event', { method: 'POST', body, auth: true });

/** The signed-in user's e-mail, for Checkout's prefill; none when it cannot be read. */
export async function fetchOwnEmail(): Promise<string | undefined> {
  try {
    const me = await apiRequest<{ email?: string }>('/users/me', { auth: true });
    return me.email;
  } catch {
    return undefined;
  }
}
