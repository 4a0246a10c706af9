import { z } from 'zod';
import { IdSchema } from './common';

/**
 * GET /api/bookings/packages (public, cacheable): the consultation catalogue as the pricing
 * section and the assistant read it. Its database rows are the only source of these prices.
 */
export const ConsultationPackage = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  /** Rupees, or 'Custom' (cannot be ordered; leads to /contact). */
  price: z.union([z.number(), z.literal('Custom')]),
  duration: z.number().int(),
  benefits: z.array(z.string()),
  badge: z.string().optional(),
});
export const ConsultationPackageList = z.array(ConsultationPackage);
export type ConsultationPackage = z.infer<typeof ConsultationPackage>;

/** A catalogue row as an admin edits it: every package, the inactive ones too. */
export const AdminConsultationPackage = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  /** Whole rupees; null for the custom package (no online order). */
  price: z.number().int().nullable(),
  duration: z.number().int(),
  benefits: z.array(z.string()),
  badge: z.string().nullable(),
  position: z.number().int(),
  is_active: z.boolean(),
  updated_at: z.string(),
});
export type AdminConsultationPackage = z.infer<typeof AdminConsultationPackage>;
export const AdminConsultationPackageList = z.array(AdminConsultationPackage);

const fields = {
  name: z.string().trim().min(1).max(200),
  description: z.string().trim().max(2000),
  /** The payment provider's smallest charge is ₹1; the database keeps paise in an integer. */
  price: z.number().int().min(1).max(1_000_000).nullable(),
  duration: z.number().int().min(0).max(600),
  benefits: z.array(z.string().trim().min(1).max(200)).max(12),
  badge: z.string().trim().max(40).nullable(),
  position: z.number().int().min(0).max(1000),
  is_active: z.boolean(),
};

/** A package with a price needs a duration (the slot it books); the custom one has neither. */
const orderableHasDuration = (body: { price?: number | null | undefined; duration?: number | undefined }) =>
  body.price === null || body.price === undefined || body.duration === undefined || body.duration > 0;
const durationIssue = { message: 'A package with a price needs a duration.', path: ['duration'] };

export const ConsultationPackageCreateBody = z
  .strictObject({
    ...fields,
    description: fields.description.default(''),
    benefits: fields.benefits.default([]),
    badge: fields.badge.default(null),
    position: fields.position.default(0),
    is_active: fields.is_active.default(true),
  })
  .refine(orderableHasDuration, durationIssue);
export type ConsultationPackageCreateBody = z.input<typeof ConsultationPackageCreateBody>;

export const ConsultationPackageUpdateBody = z.strictObject(fields).partial().refine(orderableHasDuration, durationIssue);
export type ConsultationPackageUpdateBody = z.input<typeof ConsultationPackageUpdateBody>;

export const ConsultationPackageIdParams = z.strictObject({ id: IdSchema });

/**
 * How buyers join a consultation (Admin → Settings): one meeting link for every booking, named in
 * the reminders; null until the admin sets one.
 */
export const MeetingLinkSettings = z.strictObject({
  meeting_link: z
    .string()
    .trim()
    .max(500)
    .url('Enter a full address, starting with https://')
    .refine((value) => value.startsWith('https://'), 'Enter a full address, starting with https://')
    .nullable(),
});
export type MeetingLinkSettings = z.infer<typeof MeetingLinkSettings>;
