import { z } from 'zod';
import { EmailSchema, IdSchema } from './common';
import { TimestampSchema } from './content-fields';

export const OrderKind = z.enum(['consultation', 'package']);
export type OrderKind = z.infer<typeof OrderKind>;

/** created → paid | failed | expired; paid → refunded. Never backwards. */
export const OrderStatus = z.enum(['created', 'paid', 'failed', 'expired', 'refunded']);
export type OrderStatus = z.infer<typeof OrderStatus>;

export const PaymentProvider = z.enum(['razorpay', 'sandbox']);
export type PaymentProvider = z.infer<typeof PaymentProvider>;

export const Currency = z.literal('INR');

/** POST /api/orders/create-order (bearer). `amount` is the price in rupees as shown; the server checks it. */
/** The longest answer to "What would you like to discuss?". */
export const DISCUSSION_MAX = 1000;

/** An IANA time zone name the runtime knows ("Europe/London"). */
const NOT_A_ZONE = 'time_zone must be an IANA time zone, such as Europe/London.';
export const TimeZoneSchema = z
  .string()
  .max(64, NOT_A_ZONE)
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      return /^[A-Za-z]/.test(zone);
    } catch {
      return false;
    }
  }, NOT_A_ZONE);

export const CreateOrderBody = z.strictObject({
  package_id: IdSchema,
  amount: z.number().min(0).max(99_999_999.99),
  /** Consultations only: the chosen start, 9:00–18:00 IST on a 15-minute step, in the future. */
  start_time: TimestampSchema.optional(),
  /** Consultations: the attendee's address (defaults to the buyer's account e-mail). */
  email: EmailSchema.optional(),
  /** Consultations: the browser's IANA time zone ("Europe/London"), so e-mails give the buyer's own time beside IST. */
  time_zone: TimeZoneSchema.optional(),
  /** Consultations: what the buyer would like to discuss (optional; shown to the admin and in the consultancy's notice). */
  discussion: z.string().trim().max(DISCUSSION_MAX, `What you would like to discuss can be at most ${DISCUSSION_MAX.toLocaleString('en-IN')} characters.`).optional(),
});
export type CreateOrderBody = z.input<typeof CreateOrderBody>;

/** 201 answer: both spec readings hold (razorpayOrderId; id, amount, currency). `amount` is in paise. */
export const CreateOrderAnswer = z.object({
  id: z.string(),
  razorpayOrderId: z.string(),
  amount: z.number().int(),
  currency: Currency,
  keyId: z.string(),
  provider: PaymentProvider,
  /** When the hold on the seat or slot ends if the order is not paid. */
  expires_at: z.string(),
});
export type CreateOrderAnswer = z.infer<typeof CreateOrderAnswer>;

/** POST /api/orders/verify (bearer). package_id and amount may be sent (one spec reading) and are ignored. */
export const VerifyPaymentBody = z.strictObject({
  razorpay_order_id: z.string().trim().min(1).max(100),
  razorpay_payment_id: z.string().trim().min(1).max(100),
  razorpay_signature: z.string().trim().min(1).max(256),
  package_id: z.string().max(100).optional(),
  amount: z.number().optional(),
});
export type VerifyPaymentBody = z.input<typeof VerifyPaymentBody>;

/** An event ticket's event, so the ticket says when and where: its page is `url` (a path on the site). */
export const OrderEvent = z.object({
  title: z.string(),
  start_time: z.string(),
  end_time: z.string().nullable(),
  location: z.string(),
  url: z.string(),
});
export type OrderEvent = z.infer<typeof OrderEvent>;

/** PUT /api/admin/orders/{id}/meeting-link: an admin's own meeting link for one booking (never another's). */
export const MeetingUrlBody = z.strictObject({
  meeting_url: z
    .string()
    .trim()
    .max(500)
    .url('Enter a full address, starting with https://')
    .refine((value) => value.startsWith('https://'), 'Enter a full address, starting with https://'),
});
export type MeetingUrlBody = z.infer<typeof MeetingUrlBody>;

/** The buyer's view of one order (GET /api/orders, GET /api/orders/{id}, the verify answer). */
export const Order = z.object({
  id: z.string(),
  package_id: z.string(),
  package_name: z.string(),
  kind: OrderKind,
  amount_paise: z.number().int(),
  currency: Currency,
  status: OrderStatus,
  /** Consultations: the booked slot (ISO, UTC); null for packages. */
  start_time: z.string().nullable(),
  end_time: z.string().nullable(),
  attendee_email: z.string().nullable(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  /** Until when an unpaid order holds its seat or slot. */
  expires_at: z.string(),
  /** Paid consultations: the .ics download (signed, works as a plain link). */
  ics_url: z.string().nullable(),
  /** Paid consultations: the booking's own meeting link. */
  meeting_url: z.string().nullable(),
  /** Paid consultations more than 24 h ahead: signed page to pick another slot. */
  reschedule_url: z.string().nullable(),
  /** Paid consultations not yet started: signed page to cancel (refund within 48 h of payment). */
  cancel_url: z.string().nullable(),
  /** Unpaid, recent and still ahead: /orders offers Pay (the slot or seat is taken again if free) and Cancel. */
  payable: z.boolean(),
  /** Paid (or refunded) orders: the printable receipt (signed, works as a plain link). */
  receipt_url: z.string().nullable(),
  /** When the buyer gave the order up (a paid booking cancelled, or an unpaid order dropped). */
  cancelled_at: z.string().nullable(),
  /** Event tickets: the event's title, time, place and page; null for anything else. */
  event: OrderEvent.nullable(),
});
export type Order = z.infer<typeof Order>;
/** Newest first. */
export const OrderList = z.array(Order);
export const OrderIdParams = z.strictObject({ id: IdSchema });

/** GET /api/bookings/busy?from=&to= (public): taken consultation slots, no personal data. At most 62 days. */
export const BusyQuery = z
  .strictObject({ from: TimestampSchema, to: TimestampSchema })
  .refine((q) => Date.parse(q.to) > Date.parse(q.from), { message: 'to must be after from.', path: ['to'] })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= 62 * 24 * 3_600_000, { message: 'At most 62 days.', path: ['to'] });
export const BusyInterval = z.object({ start: z.string(), end: z.string() });
export const BusyAnswer = z.array(BusyInterval);
export type BusyAnswer = z.infer<typeof BusyAnswer>;

/** GET /api/payments/config (public): which checkout script to load and with which key. */
export const PaymentsConfig = z.object({
  provider: PaymentProvider,
  keyId: z.string(),
  checkout_script_url: z.string(),
});
export type PaymentsConfig = z.infer<typeof PaymentsConfig>;

/** POST /api/calendar/create-event (bearer): spec payload plus the order; the attendee is always the order's. */
export const CreateCalendarEventBody = z.strictObject({
  order_id: IdSchema.optional(),
  startDateTime: TimestampSchema.optional(),
  endDateTime: TimestampSchema.optional(),
  attendeeEmail: z.string().max(254).optional(),
  summary: z.string().max(300).optional(),
  description: z.string().max(5000).optional(),
});
export type CreateCalendarEventBody = z.input<typeof CreateCalendarEventBody>;
export const CreateCalendarEventAnswer = z.object({
  order_id: z.string(),
  /** google: a Google Calendar event; ics_email: the .ics invitation e-mailed. */
  via: z.enum(['google', 'ics_email']),
  /** false when this order's invitation had already been sent (idempotent). */
  created: z.boolean(),
});
export type CreateCalendarEventAnswer = z.infer<typeof CreateCalendarEventAnswer>;

/* ---------------------------------------------------------------- admin */

export const AdminOrdersQuery = z.strictObject({
  status: OrderStatus.optional(),
  kind: OrderKind.optional(),
  /** created_at range, inclusive from, exclusive to. */
  from: TimestampSchema.optional(),
  to: TimestampSchema.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});
export type AdminOrdersQuery = z.input<typeof AdminOrdersQuery>;
export const AdminOrdersExportQuery = z.strictObject({
  status: OrderStatus.optional(),
  kind: OrderKind.optional(),
  from: TimestampSchema.optional(),
  to: TimestampSchema.optional(),
});

export const AdminOrder = Order.extend({
  buyer_id: z.string(),
  buyer_username: z.string(),
  buyer_email: z.string(),
  provider: PaymentProvider,
  provider_order_id: z.string().nullable(),
  provider_payment_id: z.string().nullable(),
  refunded_at: z.string().nullable(),
  /** Consultations: the buyer's time zone when booking (IANA), if the browser said. */
  time_zone: z.string().nullable(),
  /** Consultations: what the buyer would like to discuss, if they said. */
  discussion: z.string().nullable(),
});
export type AdminOrder = z.infer<typeof AdminOrder>;
export const AdminOrderPage = z.object({
  items: z.array(AdminOrder),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type AdminOrderPage = z.infer<typeof AdminOrderPage>;

/** GET /api/admin/orders/stats: weeks start Monday 00:00 IST, oldest first; days are IST dates, today first. */
export const AdminOrderStats = z.object({
  currency: Currency,
  weeks: z.array(z.object({ week_start: z.string(), paid_orders: z.number().int(), revenue_paise: z.number().int() })),
  bookings_ahead: z.array(z.object({ date: z.string(), bookings: z.number().int() })),
});
export type AdminOrderStats = z.infer<typeof AdminOrderStats>;

/** POST /api/orders/{id}/refund (admin): answers the order as admins see it. */
export const RefundAnswer = AdminOrder;

/* ---------------------------------------------------------------- payments */

/** POST /api/payments/sandbox/settle (sandbox provider only): what the sandbox card holder chose. */
export const SandboxSettleBody = z.strictObject({
  razorpay_order_id: z.string().trim().min(1).max(100),
  outcome: z.enum(['paid', 'failed']),
});
/** Checkout's success answer: the three fields its handler receives. */
export const CheckoutSuccess = z.object({
  razorpay_order_id: z.string(),
  razorpay_payment_id: z.string(),
  razorpay_signature: z.string(),
});
export const SandboxSettleAnswer = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('paid'), response: CheckoutSuccess }),
  z.object({
    outcome: z.literal('failed'),
    error: z.object({
      code: z.string(),
      description: z.string(),
      source: z.string(),
      step: z.string(),
      reason: z.string(),
      metadata: z.object({ order_id: z.string(), payment_id: z.string() }),
    }),
  }),
]);
export type SandboxSettleAnswer = z.infer<typeof SandboxSettleAnswer>;

/** POST /api/payments/webhook: the provider's event (its own fields are kept; only these are read). */
export const PaymentWebhookBody = z.looseObject({
  event: z.string().max(100),
  payload: z.record(z.string(), z.unknown()),
});
export const PaymentWebhookAnswer = z.object({ received: z.literal(true), duplicate: z.boolean() });

/** GET /api/admin/bookings?from=&to= (admin): the paid consultations starting on those IST dates (at most 31 days), soonest first. */
export const AdminBookingsQuery = z
  .strictObject({ from: z.iso.date(), to: z.iso.date() })
  .refine((q) => q.to >= q.from, { message: 'to must not be before from.', path: ['to'] })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= 31 * 86_400_000, { message: 'At most 31 days.', path: ['to'] });
export type AdminBookingsQuery = z.infer<typeof AdminBookingsQuery>;
export const AdminBookings = z.array(AdminOrder);

/** POST /api/admin/orders/{id}/move (admin): another start for a paid booking, under the same rules as the buyer's reschedule. */
export const AdminMoveBody = z.strictObject({ start_time: TimestampSchema });
export type AdminMoveBody = z.infer<typeof AdminMoveBody>;
