import { appSettings } from './tables';

/** Every table, for Drizzle's relational queries. Modules add theirs here. */
export const schema = { appSettings };
export type Schema = typeof schema;
