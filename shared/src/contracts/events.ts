import { z } from 'zod';
import { IdSchema, SlugSchema } from './common';
import { SearchValue, TimestampSchema } from './content-fields';

export const EventStatus = z.enum(['draft', 'published', 'cancelled', 'completed']);
export type EventStatus = z.infer<typeof EventStatus>;

export const Event = z.object({
  id: z.string(),
  title: z.string(),
  slug: z.string(),
  description: z.string(),
  location: z.string(),
  start_time: z.string(),
  end_time: z.string().nullable(),
  registration_deadline: z.string().nullable(),
  payment_required: z.boolean(),
  status: EventStatus,
  created_by: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  packages_ids: z.array(z.string()),
});
export type Event = z.infer<typeof Event>;
export const EventList = z.array(Event);

const fields = {
  title: z.string().trim().min(1).max(200),
  slug: SlugSchema,
  description: z.string().trim().min(1).max(20_000),
  location: z.string().trim().min(1).max(300),
  start_time: TimestampSchema,
  end_time: TimestampSchema.nullable(),
  registration_deadline: TimestampSchema.nullable(),
  payment_required: z.boolean(),
  status: EventStatus,
};

const endsAfterStart = (body: { start_time?: string; end_time?: string | null }) =>
  !body.start_time || !body.end_time || Date.parse(body.end_time) >= Date.parse(body.start_time);
const endIssue = { message: 'end_time must not be before start_time.', path: ['end_time'] };

export const EventCreateBody = z
  .strictObject({
    ...fields,
    end_time: fields.end_time.optional(),
    registration_deadline: fields.registration_deadline.optional(),
    payment_required: fields.payment_required.default(false),
    status: fields.status.default('draft'),
  })
  .refine(endsAfterStart, endIssue);
export type EventCreateBody = z.input<typeof EventCreateBody>;

export const EventUpdateBody = z
  .strictObject({
    title: fields.title.optional(),
    slug: fields.slug.optional(),
    description: fields.description.optional(),
    location: fields.location.optional(),
    start_time: fields.start_time.optional(),
    end_time: fields.end_time.optional(),
    registration_deadline: fields.registration_deadline.optional(),
    payment_required: fields.payment_required.optional(),
    status: fields.status.optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { message: 'Nothing to update.' })
  .refine(endsAfterStart, endIssue);
export type EventUpdateBody = z.input<typeof EventUpdateBody>;

export const EventIdParams = z.strictObject({ id: IdSchema });
export const EventListQuery = z.strictObject({ status: EventStatus.optional() });
export const EventSearchField = z.enum(['slug', 'id', 'status']);
export const EventSearchQuery = z.strictObject({ field: EventSearchField, value: SearchValue });
