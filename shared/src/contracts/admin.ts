import { z } from 'zod';
import { PasswordSchema, RoleSchema } from './auth';
import { Blog, BlogStatus } from './blogs';
import { Event, EventStatus } from './events';
import { Package, PackageType } from './packages';

/** Largest page an admin list answers. */
export const MAX_PAGE_SIZE = 100;

/** `?page=&page_size=` of every paged admin list (1-based pages). */
export const PageQuery = z.strictObject({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  page_size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(20),
});
export type PageQuery = z.infer<typeof PageQuery>;

/** One page of a list, with the total number of matching rows (counted in SQL). */
export const pageOf = <Item extends z.ZodType>(item: Item) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
  });
export interface Page<Item> {
  items: Item[];
  total: number;
  page: number;
  page_size: number;
}

// ——— Audit log (Recent Activity) ———

/** What an admin did. Open-ended in the database; listed here so screens can word each one. */
export const AuditAction = z.enum([
  'create',
  'update',
  'archive',
  'reactivate',
  'deactivate',
  'delete',
  'refund',
  'password_change',
  'retry',
  'download',
  'rollback',
  'promote',
]);
export type AuditAction = z.infer<typeof AuditAction>;

export const AuditEntity = z.enum(['blog', 'event', 'package', 'consultation', 'order', 'user', 'mail', 'backup', 'release', 'availability']);
export type AuditEntity = z.infer<typeof AuditEntity>;

export const AuditEntry = z.object({
  id: z.number().int(),
  actor_id: z.string().nullable(),
  actor_username: z.string(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.string().nullable(),
  /** The record's title or name when the action happened. */
  label: z.string().nullable(),
  at: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const ActivityQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(10),
});
export const ActivityResponse = z.object({ items: z.array(AuditEntry) });
export type ActivityResponse = z.infer<typeof ActivityResponse>;

// ——— Dashboard ———

export const AdminStats = z.object({
  /** Every account, admins included. */
  total_users: z.number().int(),
  /** Posts of any status, soft-deleted ones left out. */
  blog_posts: z.number().int(),
  /** Events of any status. */
  events: z.number().int(),
  /** 0 until careers exist. */
  job_positions: z.number().int(),
});
export type AdminStats = z.infer<typeof AdminStats>;

// ——— Messages (contact form) and subscribers (newsletter) ———

export const ContactMessageItem = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  country_code: z.string(),
  phone_number: z.string(),
  subject: z.string(),
  message: z.string(),
  created_at: z.string(),
});
export type ContactMessageItem = z.infer<typeof ContactMessageItem>;
export const ContactMessagePage = pageOf(ContactMessageItem);
export type ContactMessagePage = z.infer<typeof ContactMessagePage>;

/** Double opt-in: an address is pending until its link is followed, and only confirmed ones receive posts. */
export const SubscriberStatus = z.enum(['pending', 'confirmed', 'unsubscribed']);
export type SubscriberStatus = z.infer<typeof SubscriberStatus>;
export const SubscriberItem = z.object({
  id: z.string(),
  email: z.string(),
  status: SubscriberStatus,
  subscribed_at: z.string(),
  confirmed_at: z.string().nullable(),
  unsubscribed_at: z.string().nullable(),
});
export type SubscriberItem = z.infer<typeof SubscriberItem>;
export const SubscriberQuery = PageQuery.extend({ status: SubscriberStatus.optional() });
export const SubscriberPage = pageOf(SubscriberItem);
export type SubscriberPage = z.infer<typeof SubscriberPage>;
/** How many addresses are in each state (GET /api/admin/subscribers/counts). */
export const SubscriberCounts = z.object({ pending: z.number().int(), confirmed: z.number().int(), unsubscribed: z.number().int() });
export type SubscriberCounts = z.infer<typeof SubscriberCounts>;

// ——— Settings ———

export const AdminUserItem = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  role: RoleSchema,
  created_at: z.string(),
});
export type AdminUserItem = z.infer<typeof AdminUserItem>;
export const AdminUserList = z.object({ items: z.array(AdminUserItem) });
export type AdminUserList = z.infer<typeof AdminUserList>;

export const ChangePasswordBody = z.strictObject({
  current_password: z.string().min(1, 'Current password is required.').max(128),
  new_password: PasswordSchema,
});
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>;

// ——— Admin content lists (paged, filtered in SQL) ———

export const AdminBlogQuery = PageQuery.extend({ status: BlogStatus.optional() });
export type AdminBlogQuery = z.infer<typeof AdminBlogQuery>;
export const AdminBlogPage = pageOf(Blog);

export const AdminEventQuery = PageQuery.extend({ status: EventStatus.optional() });
export type AdminEventQuery = z.infer<typeof AdminEventQuery>;
export const AdminEventPage = pageOf(Event);

export const AdminPackageQuery = PageQuery.extend({
  is_active: z.enum(['true', 'false']).transform((value) => value === 'true').optional(),
  package_type: PackageType.optional(),
});
export type AdminPackageQuery = z.infer<typeof AdminPackageQuery>;
export const AdminPackagePage = pageOf(Package);
