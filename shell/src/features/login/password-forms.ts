import { z } from 'zod';
import { EmailSchema } from '@site/shared/contracts/common';
import { PasswordSchema, UsernameSchema } from '@site/shared/contracts/auth';

// The shell's sign-up and new-password forms: the api's rules for each field (contracts/auth) plus
// a confirmation the api never sees. Only the shell shows them, so they are released with it.
const PASSWORDS_DIFFER = 'Passwords do not match.';

/** Sign-up form: the register body plus a confirmation the api never sees. */
export const SignUpForm = z
  .object({
    username: UsernameSchema,
    email: z.string().trim().min(1, 'Email is required.').pipe(EmailSchema),
    password: PasswordSchema,
    confirmPassword: z.string().min(1, 'Please confirm your password.'),
  })
  .refine((form) => form.password === form.confirmPassword, { message: PASSWORDS_DIFFER, path: ['confirmPassword'] });
export type SignUpForm = z.infer<typeof SignUpForm>;

export const NewPasswordForm = z
  .object({
    password: PasswordSchema,
    confirmPassword: z.string().min(1, 'Please confirm your password.'),
  })
  .refine((form) => form.password === form.confirmPassword, { message: PASSWORDS_DIFFER, path: ['confirmPassword'] });
export type NewPasswordForm = z.infer<typeof NewPasswordForm>;
