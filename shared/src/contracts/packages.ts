import { z } from 'zod';
import { IdSchema, SlugSchema } from './common';
import { SearchValue, TimestampSchema } from './content-fields';

export const PackageType = z.enum(['subscription', 'event']);
export type PackageType = z.infer<typeof PackageType>;

export const Package = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
  price: z.number(),
  duration_days: z.number().int().nullable(),
  is_active: z.boolean(),
  package_type: PackageType,
  event_id: z.string().nullable(),
  capacity: z.number().int().nullable(),
  package_registration_deadline: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Package = z.infer<typeof Package>;
export const PackageList = z.array(Package);

/** Rupees, at least 0, at most two decimals (numeric(10,2) in the database). */
export const PriceSchema = z
  .number()
  .min(0)
  .max(99_999_999.99)
  .refine((value) => /^\d+(\.\d{1,2})?$/.test(String(value)), { message: 'Use at most 2 decimals.' });

const fields = {
  name: z.string().trim().min(1).max(200),
  slug: SlugSchema,
  description: z.string().trim().max(5000).nullable(),
  price: PriceSchema,
  duration_days: z.number().int().min(0).max(36_500).nullable(),
  is_active: z.boolean(),
  package_type: PackageType,
  event_id: IdSchema.nullable(),
  capacity: z.number().int().min(1).max(1_000_000).nullable(),
  package_registration_deadline: TimestampSchema.nullable(),
};

export interface PackageRuleInput {
  package_type: PackageType;
  duration_days?: number | null | undefined;
  event_id?: string | null | undefined;
  capacity?: number | null | undefined;
}

/** The cross-field rules of spec section 5; the first broken one, or null. */
export function packageRuleIssue(input: PackageRuleInput): { path: string; message: string } | null {
  if (input.package_type === 'subscription' && (input.duration_days === null || input.duration_days === undefined)) {
    return { path: 'duration_days', message: 'Duration in days is required for a subscription package.' };
  }
  if (input.package_type === 'event') {
    if (!input.event_id) return { path: 'event_id', message: 'An event package needs a linked event.' };
    if (!input.capacity || input.capacity < 1) return { path: 'capacity', message: 'An event package needs a capacity of at least 1.' };
  }
  return null;
}

export const PackageCreateBody = z
  .strictObject({
    ...fields,
    description: fields.description.optional(),
    duration_days: fields.duration_days.optional(),
    is_active: fields.is_active.default(true),
    event_id: fields.event_id.optional(),
    capacity: fields.capacity.optional(),
    package_registration_deadline: fields.package_registration_deadline.optional(),
  })
  .superRefine((body, ctx) => {
    const issue = packageRuleIssue(body);
    if (issue) ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
  });
export type PackageCreateBody = z.input<typeof PackageCreateBody>;

export const PackageUpdateBody = z
  .strictObject({
    name: fields.name.optional(),
    slug: fields.slug.optional(),
    description: fields.description.optional(),
    price: fields.price.optional(),
    duration_days: fields.duration_days.optional(),
    is_active: fields.is_active.optional(),
    package_type: fields.package_type.optional(),
    event_id: fields.event_id.optional(),
    capacity: fields.capacity.optional(),
    package_registration_deadline: fields.package_registration_deadline.optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { message: 'Nothing to update.' });
export type PackageUpdateBody = z.input<typeof PackageUpdateBody>;

export const PackageIdParams = z.strictObject({ id: IdSchema });
export const PackagePublicSearchField = z.enum(['slug', 'id', 'package_type', 'event_id']);
export const PackagePublicSearchQuery = z.strictObject({ field: PackagePublicSearchField, value: SearchValue });
export const PackageAdminSearchField = z.enum(['is_active', 'package_type', 'slug', 'id', 'event_id']);
export const PackageAdminSearchQuery = z.strictObject({ field: PackageAdminSearchField, value: SearchValue });
