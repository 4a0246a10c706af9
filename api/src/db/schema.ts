import { appSettings } from './tables';
import { passwordResetTokens, users } from '../modules/users/table';
import { refreshTokens } from '../modules/auth/table';

/** Every table, for Drizzle's relational queries. Modules add theirs here. */
export const schema = { appSettings, users, passwordResetTokens, refreshTokens };
export type Schema = typeof schema;
