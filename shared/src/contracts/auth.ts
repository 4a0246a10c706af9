import { z } from 'zod';
import { EmailSchema, StorableText } from './common';

/** Field rules shared by the api and the login page forms. */
export const UsernameSchema = z
  .string()
  .trim()
  .min(3, 'Username must be at least 3 characters.')
  .max(32, 'Username must be at most 32 characters.')
  .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/, 'Use letters, digits, dots, hyphens and underscores.');

/** OWASP: length only (8..128), no composition rules. */
export const PasswordSchema = z
  .string()
  .min(8, 'Password must be at least 8 characters.')
  .max(128, 'Password must be at most 128 characters.');

export const RoleSchema = z.enum(['user', 'admin']);
export type Role = z.infer<typeof RoleSchema>;

// Login accepts whatever was once valid: it only needs both fields present (and bounded).
export const LoginBody = z.strictObject({
  username: StorableText.trim().min(1, 'Username is required.').max(64),
  password: z.string().min(1, 'Password is required.').max(128, 'Password must be at most 128 characters.'),
});
export type LoginBody = z.infer<typeof LoginBody>;

/** Strict: a `role` (or any other extra field) is refused, so nobody picks their own role. */
export const RegisterBody = z.strictObject({
  username: UsernameSchema,
  email: EmailSchema,
  password: PasswordSchema,
});
export type RegisterBody = z.infer<typeof RegisterBody>;

export const ForgotPasswordBody = z.strictObject({
  username: StorableText.trim().min(1, 'Username is required.').max(64),
});
export type ForgotPasswordBody = z.infer<typeof ForgotPasswordBody>;

export const ResetPasswordBody = z.strictObject({
  token: z.string().min(20).max(200),
  password: PasswordSchema,
});
export type ResetPasswordBody = z.infer<typeof ResetPasswordBody>;

export const AccessTokenBody = z.object({ accessToken: z.string() });
export type AccessTokenBody = z.infer<typeof AccessTokenBody>;

export const MessageBody = z.object({ message: z.string() });
export type MessageBody = z.infer<typeof MessageBody>;

export const UserBody = z.object({
  id: z.uuid(),
  username: z.string(),
  email: z.string(),
  role: RoleSchema,
  createdAt: z.string(),
});
export type UserBody = z.infer<typeof UserBody>;

/** Claims of the access token, as the browser decodes them. */
export const AccessClaimsSchema = z.object({ sub: z.string(), role: z.string() });
