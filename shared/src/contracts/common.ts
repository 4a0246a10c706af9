import { z } from 'zod';

/** The one shape of every non-2xx answer from the api. */
export const ApiErrorBody = z.object({
  error: z.string(),
  message: z.string(),
  details: z.unknown().optional(),
  /** On 5xx: the id of the request in the server's log, for support. */
  requestId: z.string().optional(),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBody>;

export const HealthBody = z.object({ status: z.enum(['ok', 'starting', 'draining', 'unavailable']) });
export type HealthBody = z.infer<typeof HealthBody>;

/** PostgreSQL cannot store NUL in text: such input is refused at the edge, never sent to the database. */
export const hasNoNul = (value: string): boolean => !value.includes('\u0000');
export const NO_NUL_MESSAGE = 'Text may not contain NUL characters.';

/** Text PostgreSQL can store: any string without NUL. */
export const StorableText = z.string().refine(hasNoNul, NO_NUL_MESSAGE);

/** Shared field schemas: validated the same way in forms and in the api. */
export const EmailSchema = StorableText.trim().toLowerCase().max(254).email('Please enter a valid email address.');
export const IdSchema = z.uuid();
export const SlugSchema = z
  .string()
  .trim()
  .min(1)
  .max(120)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use lowercase letters, digits and single hyphens.');
