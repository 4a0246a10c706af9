import { z } from 'zod';

/** The one shape of every non-2xx answer from the api. */
export const ApiErrorBody = z.object({
  error: z.string(),
  message: z.string(),
  details: z.unknown().optional(),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBody>;

export const HealthBody = z.object({ status: z.enum(['ok', 'starting', 'draining', 'unavailable']) });
export type HealthBody = z.infer<typeof HealthBody>;

/** Shared field schemas: validated the same way in forms and in the api. */
export const EmailSchema = z.string().trim().toLowerCase().max(254).email('Please enter a valid email address.');
export const IdSchema = z.uuid();
export const SlugSchema = z
  .string()
  .trim()
  .min(1)
  .max(120)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use lowercase letters, digits and single hyphens.');
