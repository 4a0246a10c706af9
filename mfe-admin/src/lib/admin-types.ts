/* Answers of the admin and orders apis, as types only: no schema code is downloaded for them. */
export type {
  AdminStats,
  AuditEntry,
  ContactMessageItem,
  SubscriberCounts,
  SubscriberItem,
  SubscriberStatus,
  AdminUserItem,
} from '@site/shared/contracts/admin';
export type { AdminOrder, AdminOrderStats, OrderKind, OrderStatus } from '@site/shared/contracts/orders';
